import { Trans } from '@lingui/react/macro';
import { SubscriptionStatus, type CompanySubscription } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { isEnding, statusTone, useLongDate, useSubscriptionStatusLabel } from './labels';

/** The company's lasting balances from token packs (on the company, not the subscription). */
export interface CompanyExtras {
  listingTokens: number;
  eventClickTokens_Extras: number;
}

export interface CurrentPlanProps {
  /** null: the company never subscribed. */
  subscription: CompanySubscription | null;
  /** null when this device does not hold the company (an Admin looking at another's). */
  extras: CompanyExtras | null;
  /** Pause, resume and cancel are off (offline); the view says why above. */
  locked: boolean;
  /** Resume is a single press: its button shows it running. */
  resuming: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/**
 * What the owner can do when a payment went wrong (the statuses an Admin also sees on
 * /admin/approvals/subscriptions): said on the plan itself, not only to the Admin.
 */
function PaymentProblem({ status }: { status: CompanySubscription['status'] }) {
  let text;
  if (status === SubscriptionStatus.PastDue) {
    text = <Trans>The last renewal payment did not go through. The payment provider tries again; if it keeps failing, choose the plan again below.</Trans>;
  } else if (status === SubscriptionStatus.Incomplete) {
    text = <Trans>The first payment was not completed. Choose the plan again below to finish the purchase.</Trans>;
  } else if (status === SubscriptionStatus.Unpaid) {
    text = <Trans>The payment failed and the plan's benefits are suspended. Choose a plan below to start again.</Trans>;
  } else {
    return null;
  }
  return <div data-testid="payment-problem"><Alert tone="error">{text}</Alert></div>;
}

const fact = 'flex flex-col rounded-md border border-border bg-surface-2 px-3 py-2';

/**
 * The current plan (spec 2 §5): its name and status, paused with its reason, what is left of this
 * period (event clicks, listing tokens) and the reset date (the period end), or until when the
 * benefits stay once cancelled; the lasting extras from token packs; Pause, Resume and Cancel.
 */
export function CurrentPlan({ subscription, extras, locked, resuming, onPause, onResume, onCancel }: CurrentPlanProps) {
  const statusLabel = useSubscriptionStatusLabel();
  const longDate = useLongDate();

  const extrasBlock = extras && (
    <div data-testid="company-extras">
      <h3 className="text-sm font-semibold"><Trans>Extras from token packs</Trans></h3>
      <p className="text-xs text-muted"><Trans>Kept until used, whatever happens to the plan.</Trans></p>
      <dl className="mt-2 grid max-w-xl grid-cols-2 gap-2">
        <div className={fact}>
          <dt className="text-xs text-muted"><Trans>Listing tokens</Trans></dt>
          <dd className="text-xl font-bold" data-testid="extra-listing-tokens">{extras.listingTokens}</dd>
        </div>
        <div className={fact}>
          <dt className="text-xs text-muted"><Trans>Event clicks</Trans></dt>
          <dd className="text-xl font-bold" data-testid="extra-event-clicks">{extras.eventClickTokens_Extras}</dd>
        </div>
      </dl>
    </div>
  );

  if (!subscription) {
    return (
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4" data-testid="current-plan" data-state="none">
        <div>
          <p className="text-lg font-semibold" data-testid="no-plan"><Trans>No plan yet</Trans></p>
          <p className="text-sm text-muted"><Trans>Choose a plan below to get listing tokens and event clicks every year.</Trans></p>
        </div>
        {extrasBlock}
      </div>
    );
  }

  const { status, paused } = subscription;
  const ending = isEnding(subscription);
  const endDate = longDate(subscription.periodEnd);
  const cancelled = status === SubscriptionStatus.Cancelled;
  const canPause = status === SubscriptionStatus.Active && !paused && !ending;
  const canResume = paused && !cancelled;
  const canCancel = !ending && status !== SubscriptionStatus.IncompleteExpired;

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4" data-testid="current-plan" data-state="subscribed">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words text-xl font-semibold" data-testid="current-plan-name">{subscription.productName}</h3>
        <span data-testid="subscription-status" data-status={status}
          className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusTone(status)}`}>
          {statusLabel(status)}
        </span>
        {paused && (
          <span className="inline-flex shrink-0 items-center rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg">
            <Trans>Paused</Trans>
          </span>
        )}
      </div>
      <PaymentProblem status={status} />
      {paused && (
        <p className="break-words text-sm" data-testid="pause-reason-shown">
          <span className="text-muted"><Trans>Paused because:</Trans></span> {subscription.pauseReason}
        </p>
      )}
      {paused && !cancelled && (
        <p className="text-sm text-muted" data-testid="paused-tokens-note">
          <Trans>While the plan is paused its tokens wait for the resume; extras from token packs can still be used.</Trans>
        </p>
      )}
      <dl className="grid max-w-xl grid-cols-2 gap-2">
        <div className={fact}>
          <dt className="text-xs text-muted"><Trans>Event clicks left</Trans></dt>
          <dd className="text-2xl font-bold" data-testid="event-clicks-left">{subscription.eventClickTokens_Subscription}</dd>
        </div>
        <div className={fact}>
          <dt className="text-xs text-muted"><Trans>Listing tokens left</Trans></dt>
          <dd className="text-2xl font-bold" data-testid="listing-tokens-left">{subscription.listingsTokens}</dd>
        </div>
      </dl>
      {ending ? (
        <p className="text-sm" data-testid="benefits-until">
          <Trans>Cancelled: the benefits stay until {endDate}.</Trans>
        </p>
      ) : status === SubscriptionStatus.Active ? (
        <p className="text-sm" data-testid="resets-on"><Trans>Resets on {endDate}</Trans></p>
      ) : (
        <p className="text-sm" data-testid="period-ends"><Trans>The period ends on {endDate}.</Trans></p>
      )}
      {(canPause || canResume || canCancel) && (
        <div className="flex flex-wrap gap-2">
          {canPause && <Button variant="secondary" onClick={onPause} disabled={locked} data-testid="subscription-pause"><Trans>Pause</Trans></Button>}
          {canResume && (
            <Button variant="secondary" onClick={onResume} disabled={locked} loading={resuming} data-testid="subscription-resume">
              <Trans>Resume</Trans>
            </Button>
          )}
          {canCancel && (
            <Button variant="danger" onClick={onCancel} disabled={locked} data-testid="subscription-cancel">
              <Trans>Cancel subscription</Trans>
            </Button>
          )}
        </div>
      )}
      {extrasBlock}
    </div>
  );
}
