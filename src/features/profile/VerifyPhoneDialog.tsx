import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { usersApi } from '../../api/users';
import { VERIFICATION_CODE_LENGTH } from '../../domain/constants';
import type { User } from '../../domain/user';
import { validateVerificationCode } from '../../domain/validation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { toast } from './feedback';
import { isKnownServerMessage, useServerMessage } from './messages';

export interface VerifyPhoneDialogProps {
  /** The number the code was sent to ('+47 12345678'). */
  phone: string;
  sending: boolean;
  onResend: () => void;
  onClose: () => void;
  /** The confirmed user (phoneNumberConfirmed true). */
  onVerified: (user: User) => void;
}

/** Enter the 6-character code sent by WhatsApp. */
export function VerifyPhoneDialog({ phone, sending, onResend, onClose, onVerified }: VerifyPhoneDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const translate = useServerMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateVerificationCode(code);
    setError(invalid);
    if (invalid) return;
    setVerifying(true);
    try {
      const { user } = await usersApi.confirmPhone(code.trim());
      toast('phone', t`Phone number verified successfully`, 'success');
      onVerified(user);
    } catch (failure) {
      const message = failure instanceof ApiError && !failure.isNetworkError && isKnownServerMessage(failure.message)
        ? translate(failure.message)
        : null;
      toast('phone', message ?? t`Failed to verify phone number`, 'error');
    } finally {
      setVerifying(false);
    }
  }

  return (
    <Dialog
      open
      size="sm"
      onClose={() => {
        if (!verifying) onClose();
      }}
      title={<Trans>Verify your phone number</Trans>}
      description={<Trans>We sent a verification code to <span className="font-semibold text-fg" data-testid="verify-phone-number">{phone}</span>.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={verifying}><Trans>Cancel</Trans></Button>
          <Button type="submit" form={formId} loading={verifying} data-testid="verify-submit"><Trans>Verify</Trans></Button>
        </>
      )}
    >
      <p className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-fg">
        <Trans>Verification is only possible via WhatsApp. The code arrives as a WhatsApp message to this number.</Trans>
      </p>
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="mt-4">
        <TextField
          label={t`Verification code`}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.slice(0, VERIFICATION_CODE_LENGTH));
            if (error) setError(null);
          }}
          maxLength={VERIFICATION_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          error={translate(error)}
          data-testid="verify-code"
        />
      </form>
      <button type="button" onClick={onResend} disabled={sending || verifying}
        className="mt-3 text-sm font-medium text-accent underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:opacity-60">
        {sending ? <Trans>Sending code…</Trans> : <Trans>Send a new code</Trans>}
      </button>
    </Dialog>
  );
}
