import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { buttonClass } from '../../ui/Button';
import { paths } from '../../config/paths';

export type ErrorCode = 403 | 404 | 500;

/** The 403, 404 and 500 pages: a title, a short explanation and Go Home. */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const title = { 403: <Trans>Access Denied</Trans>, 404: <Trans>Page Not Found</Trans>, 500: <Trans>Internal Server Error</Trans> }[code];
  const text = {
    403: <Trans>You do not have permission to view this page.</Trans>,
    404: <Trans>The page you are looking for does not exist or has been moved.</Trans>,
    500: <Trans>Something went wrong on our side. Please try again later.</Trans>,
  }[code];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid={`error-${code}`}>
      <p className="text-6xl font-bold text-accent" aria-hidden="true">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link href={paths.home.href()} className={buttonClass('primary')}><Trans>Go Home</Trans></Link>
    </div>
  );
}

export const ForbiddenPage = () => <ErrorPage code={403} />;
export const NotFoundPage = () => <ErrorPage code={404} />;
export const ServerErrorPage = () => <ErrorPage code={500} />;
