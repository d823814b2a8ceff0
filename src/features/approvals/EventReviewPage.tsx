import { useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import { approvalsApi } from '../../api/approvals';
import { companyEventsApi } from '../../api/company-events';
import { ApiError } from '../../api/http';
import { paths } from '../../config/paths';
import { SNACKBAR_MS } from '../../domain/constants';
import { EVENT_LIMITS, EventStatus, type PlannerEvent } from '../../domain/events';
import { notify } from '../../state/snackbar';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { chosenServices, EventSummary, useEventName } from '../../ui/EventSummary';
import { formatDayMonthYear } from '../../ui/formatDate';
import { Spinner } from '../../ui/Spinner';
import { inputClass } from '../../ui/TextField';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';

const DECISION_KEY = 'approval:decision';
const BACK = paths.adminSection.href('approvals/events');

/**
 * /admin/approvals/events/{id} (spec 3 §2): the event in full (an Admin reads any event) with
 * Approve Event and Reject Event. Reject asks for the reason the planner will see; confirming
 * needs a reason that is not blank after trimming (spec 3 §5). Either decision goes back to the
 * grid with a snackbar; a failure stays here and says why.
 */
export default function EventReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <EventReview key={id} id={id} />;
}

function EventReview({ id }: { id: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const eventName = useEventName();
  const { status, value: event, error, retry } = usePulled(`event-review:${id}`, () => companyEventsApi.get(id));

  const back = (
    <Link href={BACK} className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
      <span aria-hidden="true">←</span> <Trans>Back to event approvals</Trans>
    </Link>
  );
  if (status === 'loading') return <div className="flex justify-center py-20"><Spinner size="lg" label={t`Loading...`} /></div>;
  if (!event) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
        {back}
        {notFound ? <h1 className="text-2xl font-semibold" data-testid="event-not-found"><Trans>Event not found</Trans></h1> : (
          <>
            <Alert tone="error" title={t`Failed to fetch event`}>
              {status === 'offline' && <p>{online ? t`The server could not be reached.` : t`You are offline.`}</p>}
            </Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </>
        )}
      </div>
    );
  }
  const name = eventName(event);
  return (
    <>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
        {back}
        <header>
          <h1 className="text-3xl font-bold break-words">{name}</h1>
          <p className="mt-1 text-sm text-muted">
            <Trans>Created</Trans>: <time dateTime={event.createdAt}>{formatDayMonthYear(event.createdAt)}</time>
            {' · '}
            <Trans>Last updated</Trans>: <time dateTime={event.lastUpdated}>{formatDayMonthYear(event.lastUpdated)}</time>
          </p>
        </header>
        {event.status !== EventStatus.AwaitingApproval && (
          <Alert tone="info" title={t`This event is not awaiting approval`} />
        )}
        <EventSummary event={event} services={chosenServices(event.eventCategories, event.selectedServices)} showBudget />
      </div>
      {event.status === EventStatus.AwaitingApproval && <DecisionBar event={event} name={name} />}
    </>
  );
}

// Filled bars in the snackbar's success and error colours, as on the company and listing reviews.
const TONES = { approve: 'bg-success-bg', reject: 'bg-danger-bg' } as const;

function DecisionButton({ tone, loading = false, disabled, onClick, children }: {
  tone: keyof typeof TONES; loading?: boolean; disabled: boolean; onClick: () => void; children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-busy={loading || undefined}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-md px-6 py-2 text-base font-semibold text-white transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 sm:min-w-40 ${TONES[tone]}`}>
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}

function DecisionBar({ event, name }: { event: PlannerEvent; name: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const reasonId = useId();
  const [sending, setSending] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const decide = async (approved: boolean) => {
    setSending(approved ? 'approve' : 'reject');
    try {
      await approvalsApi.decideEvent({ id: event.id, approved, rejectionMessage: approved ? null : trimmed });
    } catch (error) {
      setSending(null);
      const fallback = approved ? t`Failed to approve event` : t`Failed to reject event`;
      // The server's reason when it gave one ('This event is not awaiting approval'), else the plain text.
      const message = error instanceof ApiError && !error.isNetworkError && error.status < 500 ? `${fallback}: ${error.message}` : fallback;
      notify(message, { key: DECISION_KEY, severity: 'error', durationMs: SNACKBAR_MS });
      return;
    }
    notify(approved ? t`Event approved` : t`Event rejected`, { key: DECISION_KEY, severity: 'success', durationMs: SNACKBAR_MS });
    // Replace: going back from the grid should not reopen an event already decided.
    navigate(BACK, { replace: true });
  };

  return (
    <div role="region" aria-labelledby="event-decision-title" data-testid="approval-bar"
      className="sticky bottom-0 z-30 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.25)] backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p id="event-decision-title" className="text-sm font-semibold sm:flex-1"><Trans>Review this event</Trans></p>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <DecisionButton tone="approve" onClick={() => void decide(true)} loading={sending === 'approve'} disabled={sending !== null}>
            <Trans>Approve Event</Trans>
          </DecisionButton>
          <DecisionButton tone="reject" onClick={() => setRejecting(true)} disabled={sending !== null}>
            <Trans>Reject Event</Trans>
          </DecisionButton>
        </div>
      </div>
      <Dialog open={rejecting} onClose={() => sending === null && setRejecting(false)} size="md"
        title={t`Reject this event?`}
        description={<Trans>"{name}" will not be published. Its planner sees the reason and can edit the event and ask for approval again.</Trans>}
        actions={(
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={sending !== null}><Trans>Cancel</Trans></Button>
            <Button variant="danger" onClick={() => void decide(false)} loading={sending === 'reject'} disabled={!trimmed}
              data-testid="confirm-reject">
              <Trans>Reject Event</Trans>
            </Button>
          </>
        )}>
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-fg">
          <Trans>Reason for rejection</Trans><span aria-hidden="true" className="text-danger"> *</span>
        </label>
        {/* Focused when the dialog opens: the reason is what the Admin has to give. */}
        <textarea id={reasonId} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} required autoFocus
          maxLength={EVENT_LIMITS.rejectionMessage} aria-describedby={`${reasonId}-hint`} className={inputClass} data-testid="reject-reason" />
        <p id={`${reasonId}-hint`} className="mt-1 text-xs text-muted"><Trans>The planner sees this reason on the event.</Trans></p>
      </Dialog>
    </div>
  );
}
