import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { useValidationMessage } from '../../ui/validationMessages';

/** English texts the server sends that these screens show in the active language. */
export const SERVER_TEXT = {
  invalidConfirmation: 'The confirmation link is invalid or has expired.',
  invalidReset: 'The password reset link is invalid or has expired.',
  invalidToken: 'Invalid authentication token received from server',
} as const;

/** Seconds from the server's 'Please wait N seconds…' (resend spacing), else null. */
export function waitSeconds(message: string): number | null {
  const match = /please wait (\d+) seconds?/i.exec(message);
  return match ? Number(match[1]) : null;
}

export const isMaxRetries = (message: string) => /max_retries_reached/i.test(message);

/** No answer from the server (status 0), except the malformed-token case which also has status 0. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error) || error.message === SERVER_TEXT.invalidToken) return false;
  if (error instanceof ApiError && error.isNetworkError) return true;
  return /network|failed to fetch/i.test(error.message);
}

/** Drops a machine code prefix such as 'invalid_refresh_token: ' from a server message. */
const withoutCode = (message: string) => message.replace(/^[a-z]+(?:_[a-z]+)+:\s*/, '');

/**
 * Turns a failed call into the text to show: known server texts and rule messages in the active
 * language, other server messages as sent, else the screen's fallback.
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useLingui();
  const rule = useValidationMessage();
  return (error, fallback) => {
    const message = error instanceof ApiError ? error.message.trim() : '';
    if (message === SERVER_TEXT.invalidToken) return t`Invalid authentication token received from server`;
    if (isNetworkFailure(error)) return t`Cannot reach the server. Check your connection.`;
    if (!message) return fallback;
    if (message === SERVER_TEXT.invalidConfirmation) return t`The confirmation link is invalid or has expired.`;
    if (message === SERVER_TEXT.invalidReset) return t`The password reset link is invalid or has expired.`;
    const seconds = waitSeconds(message);
    if (seconds !== null) return t`Please wait ${seconds} seconds before requesting another e-mail.`;
    if (isMaxRetries(message)) return t`You have reached the maximum number of confirmation e-mails.`;
    return rule(withoutCode(message)) || fallback;
  };
}
