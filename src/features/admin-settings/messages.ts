import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SettingsMessages, type AuditAction, type AuditEntityType } from '../../domain/settings';

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
    [SettingsMessages.ResetRunning]: t`A demo-data reset is already running`,
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

const ACTIONS: Record<AuditAction, MessageDescriptor> = {
  create: msg({ message: 'Created', context: 'audit action' }),
  update: msg({ message: 'Changed', context: 'audit action' }),
  delete: msg({ message: 'Deleted', context: 'audit action' }),
  deactivate: msg({ message: 'Deactivated', context: 'audit action' }),
  approve: msg({ message: 'Approved', context: 'audit action' }),
  reject: msg({ message: 'Rejected', context: 'audit action' }),
  reset: msg({ message: 'Reset', context: 'audit action' }),
  restore: msg({ message: 'Restored', context: 'audit action' }),
};

const ENTITIES: Record<AuditEntityType, MessageDescriptor> = {
  category: msg`Category`,
  subcategory: msg`Sub-category`,
  'category-service': msg`Category service`,
  'subcategory-service': msg`Sub-category service`,
  region: msg`Region`,
  product: msg`Product`,
  company: msg`Company`,
  listing: msg`Listing`,
  event: msg`Event`,
  settings: msg`Settings`,
  'demo-data': msg`Demo data`,
};

/**
 * An audit entry's action and entity in the reader's language; a code this build does not know
 * (written by a newer server) shows as stored.
 */
export function useAuditLabels(): { action: (code: string) => string; entity: (code: string) => string } {
  const { i18n } = useLingui();
  const label = (table: Record<string, MessageDescriptor>, code: string) =>
    (Object.hasOwn(table, code) ? i18n._(table[code]!) : code);
  return { action: (code) => label(ACTIONS, code), entity: (code) => label(ENTITIES, code) };
}
