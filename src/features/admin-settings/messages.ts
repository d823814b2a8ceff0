import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { SettingsMessages } from '../../domain/settings';

/** The settings rules' messages (src/domain/settings.ts, shared with the server) in the chosen language. */
export function useSettingsMessage(): (message: string | null | undefined) => string | null {
  const { t } = useLingui();
  const texts: Record<string, string> = {
    [SettingsMessages.EmailRequired]: t`The contact e-mail is required`,
    [SettingsMessages.EmailInvalid]: t`Enter a valid e-mail address, e.g. post@example.no`,
    [SettingsMessages.OrgNumberRequired]: t`The organisation number is required`,
    [SettingsMessages.OrgNumberInvalid]: t`The organisation number must be 9 digits, e.g. 912 345 678`,
    [SettingsMessages.ResetConfirmation]: t`Type RESET to confirm the reset`,
    [SettingsMessages.ResetNotEmbedded]: t`The demo data can only be reset on the embedded database. This server uses PostgreSQL, whose data is never reset from the app.`,
  };
  return (message) => (message ? texts[message] ?? message : null);
}

/** Why a call failed, for an Alert: the server's own words when it gave any, else by kind. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useLingui();
  const translate = useSettingsMessage();
  return (error) => {
    if (error instanceof ApiError) {
      if (error.isNetworkError) return t`The server cannot be reached. Check your connection and try again.`;
      if (error.status === 401 || error.status === 403) return t`Only administrators can do this.`;
      return translate(error.message) ?? error.message;
    }
    return t`Something went wrong. Please try again.`;
  };
}
