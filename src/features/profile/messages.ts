import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import type { FrequencyWord, NotificationTypeKey } from '../../domain/user';
import { Messages } from '../../domain/validation';
import { useValidationMessage } from '../../ui/validationMessages';

/** Names of the notification types (domain NOTIFICATION_TYPES) in the active language. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationTypeKey, MessageDescriptor> = {
  newMessages: msg`New messages`,
  eventRequests: msg`Event requests`,
  listingUpdates: msg`Listing approvals and updates`,
  newsAndOffers: msg`News and offers`,
};

export const FREQUENCY_LABELS: Record<FrequencyWord, MessageDescriptor> = {
  instant: msg`Instant`,
  endOfDay: msg`End-of-day digest`,
  weekly: msg`Weekly summary`,
  disabled: msg`Disabled`,
};

const ROLE_LABELS: Record<string, MessageDescriptor> = {
  Admin: msg`Admin`,
};

/** English messages the profile calls can answer with (server/modules/users), translated. */
const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  'The verification code is invalid or has expired': msg`The verification code is invalid or has expired`,
  'This phone number is already verified': msg`This phone number is already verified`,
  'Verify your phone number to enable WhatsApp notifications': msg`Verify your phone number to enable WhatsApp notifications`,
  'Email cannot be changed': msg`Email cannot be changed`,
  'The picture must be a file you uploaded': msg`The picture must be a file you uploaded`,
};

/**
 * Translates a message from the server or a domain rule: known ones come back in the active
 * language, anything else as it is.
 */
export function useServerMessage(): (message: string | null | undefined) => string | null {
  const { i18n } = useLingui();
  const validation = useValidationMessage();
  return (message) => {
    if (!message) return null;
    const descriptor = Object.hasOwn(SERVER_MESSAGES, message) ? SERVER_MESSAGES[message] : undefined;
    return descriptor ? i18n._(descriptor) : validation(message);
  };
}

export function useRoleLabel(): (role: string) => string {
  const { i18n } = useLingui();
  return (role) => {
    const descriptor = Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role] : undefined;
    return descriptor ? i18n._(descriptor) : role;
  };
}

const RULE_MESSAGES = new Set<string>(Object.values(Messages));

/** Whether a server message has a translation (a rule message or one of SERVER_MESSAGES). */
export function isKnownServerMessage(message: string | null | undefined): boolean {
  return Boolean(message && (Object.hasOwn(SERVER_MESSAGES, message) || RULE_MESSAGES.has(message)));
}

/** The server's field errors of a failed call, keyed by field (empty for other failures). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.errors) out[e.field] ??= e.message;
  return out;
}
