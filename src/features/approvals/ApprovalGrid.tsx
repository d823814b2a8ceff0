import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import type { PullStatus } from '../../ui/usePulled';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';

const SKELETONS = 6;

export interface ApprovalGridProps<T> {
  title: ReactNode;
  intro: ReactNode;
  status: PullStatus;
  items: T[] | undefined;
  /** The failure text (spec 2 §8: 'Failed to fetch company approvals'). */
  failed: ReactNode;
  empty: ReactNode;
  onRetry: () => void;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface">
      <Skeleton className="rounded-none" style={{ aspectRatio: '16 / 9' }} />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-2 h-10 w-1/3" />
      </div>
    </div>
  );
}

/**
 * One Admin approval queue (companies or listings): heading, the cards, and the loading, failure
 * (with Try Again) and empty states. The list is fetched each time the page opens, so coming back
 * from a decision shows the queue without the item decided.
 */
export function ApprovalGrid<T>({ title, intro, status, items, failed, empty, onRetry, renderItem, itemKey }: ApprovalGridProps<T>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Arriving after a decision, the button that had focus is gone (focus fell to the body):
    // start again at the heading, so keyboard and screen-reader users are not lost.
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);
  const loading = status === 'loading';
  const count = items?.length ?? 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <h1 ref={heading} tabIndex={-1} className="mt-2 text-3xl font-bold outline-none">{title}</h1>
      <p className="mt-2 text-muted">{intro}</p>
      <div className="mt-6" aria-busy={loading || undefined}>
        {loading ? (
          <>
            <p role="status" className="sr-only"><Trans>Loading…</Trans></p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><CardSkeleton /></li>)}
            </ul>
          </>
        ) : status !== 'done' || !items ? (
          <div className="flex flex-col items-start gap-3" data-testid="approvals-error">
            <Alert tone="error">{failed}</Alert>
            <Button variant="secondary" onClick={onRetry}><Trans>Try Again</Trans></Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="approvals-empty">
            <p role="status" className="text-lg font-semibold">{empty}</p>
            <Link href={paths.admin.href()} className={buttonClass('secondary')}><Trans>Back to Admin Center</Trans></Link>
          </div>
        ) : (
          <>
            <p role="status" className="mb-3 text-sm text-muted" data-testid="approvals-count">
              <Trans>{count} waiting</Trans>
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="approvals-list">
              {items.map((item) => <li key={itemKey(item)} className="flex">{renderItem(item)}</li>)}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

export interface ApprovalCardProps {
  /** The card's image (logo or card image). */
  image: ReactNode;
  name: string;
  /** Where the name links (the public page). */
  href: string;
  /** Where Review goes (the page with mode=review). */
  reviewHref: string;
  children?: ReactNode;
}

/**
 * One item waiting: its image and name (the name links to the public page), details, and a Review
 * button to the review with the Approve and Reject bars.
 */
export function ApprovalCard({ image, name, href, reviewHref, children }: ApprovalCardProps) {
  const { t } = useLingui();
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-border bg-surface" data-testid="approval-card">
      {image}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold leading-snug">
          <Link href={href} className="hover:underline">{name}</Link>
        </h2>
        {children}
        <div className="mt-auto pt-3">
          {/* Named with the item: a list of bare "Review" links reads the same for each card. */}
          <Link href={reviewHref} className={buttonClass('primary', 'w-full')} aria-label={t`Review ${name}`}>
            <Trans>Review</Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}
