import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PRODUCT_LIMITS } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { inputClass } from '../../ui/TextField';

export interface PauseSubscriptionDialogProps {
  plan: string;
  busy: boolean;
  /** Why the last try failed; the dialog stays open with the reason typed. */
  failure: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

const MAX = PRODUCT_LIMITS.pauseReason;

/** Pause with a reason (required, 1–500 characters after trimming, with a counter). */
export function PauseSubscriptionDialog({ plan, busy, failure, onClose, onConfirm }: PauseSubscriptionDialogProps) {
  const { t } = useLingui();
  const reasonId = useId();
  const formId = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const length = reason.length;
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open onClose={close} size="md" title={t`Pause subscription`}
      description={<Trans>Pause the {plan} subscription. Tell us why; you can resume it at any time.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button type="submit" form={formId} disabled={!trimmed} loading={busy} data-testid="pause-confirm"><Trans>Pause</Trans></Button>
        </>
      )}>
      <form id={formId} noValidate className="flex flex-col gap-3" onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && !busy) onConfirm(trimmed);
      }}>
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-fg">
            <Trans>Reason</Trans><span aria-hidden="true" className="text-danger"> *</span>
          </label>
          {/* Focused when the dialog opens: the reason is what has to be given. */}
          <textarea id={reasonId} rows={4} value={reason} required autoFocus maxLength={MAX} data-testid="pause-reason"
            aria-describedby={`${reasonId}-count`} className={`${inputClass} resize-y`}
            onChange={(e) => setReason(e.target.value)} />
          <p id={`${reasonId}-count`} className="mt-1 text-xs text-muted" data-testid="pause-reason-count">
            <Trans>{length}/{MAX} characters</Trans>
          </p>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
      </form>
    </Dialog>
  );
}
