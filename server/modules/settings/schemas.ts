import { z } from 'zod';
import {
  AUDIT_LOG_PAGE, CONTACT_EMAIL_MAX, SettingsMessages, normaliseOrganisationNumber, validateContactEmail,
} from '../../../src/domain/settings';

/** PUT /admin/settings: both fields, checked with the same rules as the form; the number is stored 'NNN NNN NNN'. */
export const settingsBody = z.object({
  contactEmail: z.string(SettingsMessages.EmailRequired).trim()
    // Long input is refused before the pattern runs on it.
    .max(CONTACT_EMAIL_MAX, SettingsMessages.EmailInvalid)
    .superRefine((value, ctx) => {
      const message = validateContactEmail(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  organisationNumber: z.string(SettingsMessages.OrgNumberRequired).max(40, SettingsMessages.OrgNumberInvalid)
    .transform((value, ctx) => {
      if (!value.trim()) {
        ctx.addIssue({ code: 'custom', message: SettingsMessages.OrgNumberRequired });
        return z.NEVER;
      }
      const normalised = normaliseOrganisationNumber(value.trim());
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: SettingsMessages.OrgNumberInvalid });
        return z.NEVER;
      }
      return normalised;
    }),
});

export type SettingsBody = z.infer<typeof settingsBody>;

/** POST /admin/demo-reset: the typed confirmation must be exactly 'RESET'. */
export const demoResetBody = z.object({
  confirmation: z.string(SettingsMessages.ResetConfirmation).max(100, SettingsMessages.ResetConfirmation),
});

const positiveInt = (field: string, max: number) => z.string()
  .regex(/^\d{1,15}$/, `${field} must be a whole number`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= max, `${field} must be between 1 and ${max}`);

/** GET /admin/audit-log?limit&before. */
export const auditLogQuery = z.object({
  limit: positiveInt('limit', AUDIT_LOG_PAGE.max).optional().transform((v) => v ?? AUDIT_LOG_PAGE.default),
  before: positiveInt('before', Number.MAX_SAFE_INTEGER).optional(),
});
