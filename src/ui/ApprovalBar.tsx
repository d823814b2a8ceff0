import { useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { approvalsApi } from '../api/approvals';
import { ApiError } from '../api/http';
import { paths } from '../config/paths';
import { ApprovalType } from '../domain/companies';
import { SNACKBAR_MS } from '../domain/constants';
import { notify } from '../state/snackbar';
import { Button } from './Button';
import { OnDemandDialog, preloadDialog } from './OnDemandDialog';
import { Spinner } from './Spinner';

export type ApprovalSubject = 'company' | 'listing';

export interface ApprovalBarProps {
  subject: ApprovalSubject;
  /** The company or listing id sent in POST /approval. */
  id: string;
  /** Named in the Reject confirmation. */
  name: string;
}

// Filled bars in the snackbar's success and error colours (white text passes contrast on both
// themes' backgrounds), so the two choices read apart at a glance.
const TONES = { approve: 'bg-success-bg', reject: 'bg-danger-bg' } as const;

function DecisionButton({ tone, loading = false, disabled, onClick, children }: {
  tone: keyof typeof TONES; loading?: boolean; disabled: boolean; onClick: () => void; children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-busy={loading || undefined}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-md px-6 py-2 text-base font-semibold text-white transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 sm:min-w-36 ${TONES[tone]}`}>
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}

const DECISION_KEY = 'approval:decision';

// The decision and the approval page it returns to, per subject (spec 2 §3 type 100/200, §4).
const TARGET = {
  company: { type: ApprovalType.Company, back: paths.adminSection.href('approvals/companies') },
  listing: { type: ApprovalType.Listing, back: paths.adminSection.href('approvals/listings') },
} as const;

/**
 * The Admin's Approve and Reject bars on a company or listing opened with mode=review (spec 2 §2,
 * §4): sticky at the bottom of the page, Reject asks first. A decision POSTs /approval and goes
 * back to the approval page of its kind with a snackbar; a failure stays here and says so (a
 * 409 with the server's reason, e.g. someone else decided first).
 */
export function ApprovalBar({ subject, id, name }: ApprovalBarProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [sending, setSending] = useState<'approve' | 'reject' | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Only an Admin reviewing sees the bar: the Reject confirmation's code is fetched with it.
  useEffect(preloadDialog, []);

  const texts = subject === 'company'
    ? { approved: t`Company approved`, rejected: t`Company rejected`, approveFailed: t`Failed to approve company`, rejectFailed: t`Failed to reject company` }
    : { approved: t`Listing approved`, rejected: t`Listing rejected`, approveFailed: t`Failed to approve listing`, rejectFailed: t`Failed to reject listing` };

  const decide = async (approved: boolean) => {
    setSending(approved ? 'approve' : 'reject');
    try {
      await approvalsApi.decide({ id, approved, type: TARGET[subject].type });
    } catch (error) {
      setSending(null);
      setConfirming(false);
      const fallback = approved ? texts.approveFailed : texts.rejectFailed;
      // A 409 names why ('This company is not awaiting approval'); anything else keeps the spec's text.
      const message = error instanceof ApiError && error.status === 409 ? `${fallback}: ${error.message}` : fallback;
      notify(message, { key: DECISION_KEY, severity: 'error', durationMs: SNACKBAR_MS });
      return;
    }
    notify(approved ? texts.approved : texts.rejected, { key: DECISION_KEY, severity: 'success', durationMs: SNACKBAR_MS });
    // Replace: going back from the approval page should not reopen an item already decided.
    navigate(TARGET[subject].back, { replace: true });
  };

  return (
    <div role="region" aria-labelledby="approval-bar-title" data-testid="approval-bar"
      className="sticky bottom-0 z-30 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.25)] backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center">
        <p id="approval-bar-title" className="text-sm font-semibold sm:flex-1">
          {subject === 'company' ? <Trans>Review this company</Trans> : <Trans>Review this listing</Trans>}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <DecisionButton tone="approve" onClick={() => void decide(true)} loading={sending === 'approve'} disabled={sending !== null}>
            <Trans>Approve</Trans>
          </DecisionButton>
          <DecisionButton tone="reject" onClick={() => setConfirming(true)} disabled={sending !== null}>
            <Trans>Reject</Trans>
          </DecisionButton>
        </div>
      </div>
      <OnDemandDialog open={confirming} onClose={() => sending === null && setConfirming(false)} size="sm"
        title={subject === 'company' ? t`Reject this company?` : t`Reject this listing?`}
        description={subject === 'company'
          ? <Trans>"{name}" will not be published. Its owner can edit it and ask for approval again.</Trans>
          : <Trans>"{name}" will not be published. Its company can edit it and ask for approval again.</Trans>}
        actions={(
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={sending !== null}><Trans>Cancel</Trans></Button>
            <Button variant="danger" onClick={() => void decide(false)} loading={sending === 'reject'}
              data-testid="confirm-reject">
              <Trans>Reject</Trans>
            </Button>
          </>
        )} />
    </div>
  );
}
