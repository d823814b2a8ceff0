import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../config/paths';

/** The way back to the Admin Center, above every admin page's title. */
export function AdminBreadcrumb() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="text-sm">
      <Link href={paths.admin.href()} className="text-accent hover:underline"><Trans>Admin Center</Trans></Link>
    </nav>
  );
}
