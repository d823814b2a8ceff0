import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { CompanyMessages, urlErrorMessage } from '../../domain/companies';
import { useValidationMessage } from '../../ui/validationMessages';

/** The company form rules' messages (domain/companies) and the company calls' server messages, translated. */
const KNOWN: Record<string, MessageDescriptor> = {
  [CompanyMessages.NameRequired]: msg`Name is required`,
  [CompanyMessages.ShortDescriptionRequired]: msg`Short Description is required`,
  [CompanyMessages.OrganizationNumberDigits]: msg`Organization number must contain digits only`,
  [CompanyMessages.PhoneInvalid]: msg`Phone number may contain only digits, +, -, spaces and parentheses`,
  [CompanyMessages.EmailInvalid]: msg`Please enter a valid email address`,
  [urlErrorMessage('websiteUrl')]: msg`WEBSITE is not a valid URL`,
  [urlErrorMessage('facebookUrl')]: msg`FACEBOOK is not a valid URL`,
  [urlErrorMessage('instagramUrl')]: msg`INSTAGRAM is not a valid URL`,
  [urlErrorMessage('twitterUrl')]: msg`TWITTER is not a valid URL`,
  [urlErrorMessage('youtubeUrl')]: msg`YOUTUBE is not a valid URL`,
  'Company not found': msg`Company not found`,
  'You do not have access to this company': msg`You do not have access to this company`,
  'Restore the company before editing it': msg`Restore the company before editing it`,
  'Company must be active to manage listings': msg`Company must be active to manage listings`,
};

const TOO_LONG = /^Must be at most (\d+) characters$/;
/** What api/http puts in place of a message when the server's answer had none ('HTTP 422'). */
const NO_MESSAGE = /^HTTP \d{3}$/;

/**
 * A translator for what the company rules and calls say: a known English message comes back in
 * the active language, anything else (a server message the app does not know) as it is.
 */
export function useCompanyMessage(): (message: string | null | undefined) => string | null {
  const { i18n } = useLingui();
  const validation = useValidationMessage();
  return (message) => {
    if (!message || NO_MESSAGE.test(message)) return null;
    if (Object.hasOwn(KNOWN, message)) return i18n._(KNOWN[message]!);
    const long = TOO_LONG.exec(message);
    if (long) return i18n._(msg`Must be at most ${Number(long[1])} characters`);
    return validation(message);
  };
}

/** What a screen says when a change is kept on this device for later (offline, or the server did not answer in time). */
export function useQueuedMessage(): () => string {
  const { t } = useLinguiMacro();
  return () => (navigator.onLine
    ? t`Saved on this device. It will be sent as soon as the server can be reached.`
    : t`Saved on this device. It will be sent when you are back online.`);
}

/** "Failed to delete company. <the server's reason>": the action that failed, then why, when the server said. */
export function useFailureMessage(): (failure: string, reason: string | null | undefined) => string {
  const translate = useCompanyMessage();
  return (failure, reason) => {
    const why = translate(reason);
    return why ? `${failure}. ${why}` : failure;
  };
}
