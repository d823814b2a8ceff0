import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/http';
import { MAX_CONFIRMATION_RESENDS, RESEND_COUNTDOWN_SECONDS, RESENT_NOTICE_MS, SNACKBAR_MS } from '../../domain/constants';
import { notify } from '../../state/snackbar';
import { isMaxRetries, waitSeconds } from './errors';

export interface ResendConfirmation {
  /** Seconds until the next resend is allowed; 0 when the button is active. */
  secondsLeft: number;
  /** Successful resends so far (the mail sent at registration is not one). */
  resends: number;
  /** The server's remaining retries, known after the first resend. */
  remainingRetries: number | null;
  /** No resend left: the button reads 'max retries reached'. */
  maxed: boolean;
  sending: boolean;
  /** The 'resent' notice, shown for RESENT_NOTICE_MS after each resend. */
  resent: boolean;
  canResend: boolean;
  resend: () => Promise<void>;
}

/**
 * The resend-confirmation button of spec 1 §4: a 60 s countdown before the first resend and after
 * each one, a 3 s 'resent' notice, the remaining retries after the first resend, at most 5 resends.
 * The countdown follows a deadline (not tick counting) so a throttled background tab stays right.
 */
export function useResendConfirmation(email: string, onAttempt?: () => void): ResendConfirmation {
  const { t } = useLingui();
  const [secondsLeft, setSecondsLeft] = useState(RESEND_COUNTDOWN_SECONDS);
  const [countdown, setCountdown] = useState({ seconds: RESEND_COUNTDOWN_SECONDS, run: 0 });
  const [resends, setResends] = useState(0);
  const [remainingRetries, setRemainingRetries] = useState<number | null>(null);
  const [maxed, setMaxed] = useState(false);
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const deadline = Date.now() + countdown.seconds * 1000;
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [countdown]);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const restart = (seconds: number) => {
    setSecondsLeft(seconds);
    setCountdown((c) => ({ seconds, run: c.run + 1 }));
  };

  const canResend = !maxed && !sending && secondsLeft === 0;

  const resend = async () => {
    if (!canResend) return;
    onAttempt?.();
    setSending(true);
    try {
      const answer = await authApi.resendConfirmation(email);
      const count = resends + 1;
      const server = typeof answer?.remainingRetries === 'number' ? answer.remainingRetries : Infinity;
      // The server is authoritative when it knows of fewer retries; the local count caps at 5.
      const remaining = Math.max(0, Math.min(server, MAX_CONFIRMATION_RESENDS - count));
      setResends(count);
      setRemainingRetries(remaining);
      if (remaining === 0) setMaxed(true);
      else restart(RESEND_COUNTDOWN_SECONDS);
      setResent(true);
      clearTimeout(noticeTimer.current);
      noticeTimer.current = setTimeout(() => setResent(false), RESENT_NOTICE_MS);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      const wait = waitSeconds(message);
      if (isMaxRetries(message)) {
        setMaxed(true);
        setRemainingRetries(0);
      } else if (wait !== null) {
        restart(wait);
      } else {
        notify(t`Email sending error. Please try again later.`, { severity: 'error', durationMs: SNACKBAR_MS, position: 'bottom-left', key: 'resend-confirmation' });
      }
    } finally {
      setSending(false);
    }
  };

  return { secondsLeft, resends, remainingRetries, maxed, sending, resent, canResend, resend };
}
