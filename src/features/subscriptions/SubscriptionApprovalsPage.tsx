import { useEffect, useRef, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ApiError } from '../../api/http';
import { subscriptionsApi } from '../../api/products';
import { paths } from '../../config/paths';
import { SubscriptionStatus, type AttentionSubscription } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { statusTone, useLongDate, useSubscriptionStatusLabel } from './labels';
import { useSubscriptionMessage } from './messages';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';

const SKELETONS = 3;

/** What an Admin should do about each status that needs attention. */
function WhatToDo({ status }: { status: number }) {
  switch (status) {
    case SubscriptionStatus.PastDue:
      return <Trans>The renewal payment failed. The payment provider retries it; contact the owner to update their card.</Trans>;
    case SubscriptionStatus.Incomplete:
      return <Trans>The first payment was not completed. Ask the owner to finish the checkout or choose the plan again.</Trans>;
    case SubscriptionStatus.Unpaid:
      return <Trans>The provider stopped retrying and the benefits are suspended. Contact the owner; a new purchase reactivates the company's plan.</Trans>;
    default:
      return <Trans>Check the subscription with the owner.</Trans>;
  }
}

function AttentionCard({ item }: { item: AttentionSubscription }) {
  const statusLabel = useSubscriptionStatusLabel();
  const longDate = useLongDate();
  const periodEnd = longDate(item.periodEnd);
  const waiting = longDate(item.updatedAt);
  return (
    <article className="flex w-full flex-col gap-3 rounded-lg border border-border bg-surface p-4" data-testid="attention-card" data-status={item.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold leading-snug">
          <Link href={paths.companyOverview.href(item.companyId)} className="hover:underline">{item.companyName}</Link>
        </h2>
        <span data-testid="attention-status"
          className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusTone(item.status)}`}>
          {statusLabel(item.status)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>Owner</Trans></dt>
        <dd className="min-w-0 break-all" data-testid="attention-owner">
          {item.ownerEmail ? <a href={`mailto:${item.ownerEmail}`} className="text-accent hover:underline">{item.ownerEmail}</a> : <Trans>Unknown</Trans>}
        </dd>
        <dt className="text-muted"><Trans>Plan</Trans></dt>
        <dd className="break-words" data-testid="attention-plan">{item.productName}</dd>
        <dt className="text-muted"><Trans>Period ends</Trans></dt>
        <dd><time dateTime={item.periodEnd}>{periodEnd}</time></dd>
        <dt className="text-muted"><Trans>Waiting since</Trans></dt>
        <dd><time dateTime={item.updatedAt}>{waiting}</time></dd>
      </dl>
      <div className="rounded-md border border-border bg-surface-2 p-3 text-sm" data-testid="attention-advice">
        <p className="font-semibold"><Trans>What to do</Trans></p>
        <p className="mt-1"><WhatToDo status={item.status} /></p>
      </div>
    </article>
  );
}

/**
 * /admin/approvals/subscriptions: the subscriptions that need an Admin (past due, incomplete,
 * unpaid; GET /subscription, oldest first), each with its company, the owner to contact, the
 * plan, the dates, and what to do. Read from the server each time the page opens.
 */
export default function SubscriptionApprovalsPage() {
  const { t } = useLingui();
  const serverMessage = useSubscriptionMessage();
  const online = useOnline();
  const heading = useRef<HTMLHeadingElement>(null);
  const { status, value: items, error, retry } = usePulled('approvals:subscriptions', subscriptionsApi.attention);
  useEffect(() => {
    // Arriving from the Admin Center with the focus lost, start at the heading.
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);

  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <>
        <p role="status" className="sr-only"><Trans>Loading…</Trans></p>
        <ul className="grid gap-6 md:grid-cols-2" aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, i) => <li key={i}><Skeleton className="h-64 w-full" /></li>)}
        </ul>
      </>
    );
  } else if (!items) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="attention-error">
        <Alert tone="error" title={t`Failed to fetch subscriptions`}>
          {status === 'offline'
            ? <p>{online ? t`The server could not be reached.` : t`You are offline.`}</p>
            : error instanceof ApiError && <p>{serverMessage(error.message)}</p>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="attention-empty">
        <p role="status" className="text-lg font-semibold"><Trans>No subscriptions need attention</Trans></p>
        <Link href={paths.admin.href()} className={buttonClass('secondary')}><Trans>Back to Admin Center</Trans></Link>
      </div>
    );
  } else {
    const count = items.length;
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted" data-testid="attention-count">
          <Plural value={count} one="# subscription needs attention" other="# subscriptions need attention" />
        </p>
        <ul className="grid gap-6 md:grid-cols-2" data-testid="attention-list">
          {items.map((item) => <li key={item.id} className="flex"><AttentionCard item={item} /></li>)}
        </ul>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <h1 ref={heading} tabIndex={-1} className="mt-2 text-3xl font-bold outline-none"><Trans>Subscriptions needing attention</Trans></h1>
      <p className="mt-2 text-muted">
        <Trans>Subscriptions whose payment is missing (past due, incomplete or unpaid), oldest first.</Trans>
      </p>
      <div className="mt-6" aria-busy={status === 'loading' || undefined}>{body}</div>
    </div>
  );
}
