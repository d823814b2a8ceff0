import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { usersApi } from '../../api/users';
import { toast } from './feedback';
import { isKnownServerMessage, useServerMessage } from './messages';

/**
 * Requesting a WhatsApp code (spec 1 §4): opens the dialog for a number and sends the code,
 * with an info snackbar while sending and the outcome afterwards.
 */
export function usePhoneVerification() {
  const { t } = useLingui();
  const translate = useServerMessage();
  /** The full number being verified ('+47 12345678'); null while the dialog is closed. */
  const [phone, setPhone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send(fullNumber: string) {
    setSending(true);
    toast('phone', t`Sending verification code...`, 'info');
    try {
      await usersApi.verifyPhone(fullNumber);
      toast('phone', t`Verification code sent to your WhatsApp account. Please check your messages.`, 'success');
    } catch (error) {
      // A known rule message (already registered, already verified…) says more than the general text.
      const known = error instanceof ApiError && isKnownServerMessage(error.message) ? translate(error.message) : null;
      toast('phone', known ?? t`Failed to send verification code. Please try again later.`, 'error');
    } finally {
      setSending(false);
    }
  }

  return {
    phone,
    sending,
    start(fullNumber: string) {
      setPhone(fullNumber);
      void send(fullNumber);
    },
    resend() {
      if (phone) void send(phone);
    },
    close() {
      setPhone(null);
    },
  };
}
