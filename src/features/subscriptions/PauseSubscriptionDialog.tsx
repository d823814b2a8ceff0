import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PRODUCT_LIMITS } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { FormDialog } from '../../ui/FormDialog';
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
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const length = reason.length;
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <FormDialog onClose={close} size="md" title={t`Pause subscription`}
      description={<Trans>Pause the {plan} subscription. Tell us why; you can resume it at any time.</Trans>}
      busy={busy} canSubmit={trimmed.length > 0} onSubmit={() => { if (trimmed && !busy) onConfirm(trimmed); }} submitTestId="pause-confirm" submitLabel={<Trans>Pause</Trans>} formClassName="flex flex-col gap-3">
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
    </FormDialog>
  );
}
