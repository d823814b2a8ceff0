/**
 * Site settings, the admin audit log and the Admin Center's waiting counts (issue 15): the
 * shapes of GET /settings/public, GET|PUT /admin/settings, GET /admin/audit-log and GET
 * /admin/summary, and the rules both the settings form and the server apply.
 */
import { EMAIL_PATTERN } from './validation';

/** What the footer, the contact page and the legal texts show. */
export interface SiteSettings {
  contactEmail: string;
  /** Always 'NNN NNN NNN'. */
  organisationNumber: string;
}

/** The values shipped before an admin ever changed them (and the client's last resort offline). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  contactEmail: 'post@eventmarket.no',
  organisationNumber: '912 345 678',
};

/**
 * Which outside-world provider each area uses. Only which one, never an address, key or token:
 * the 'local' values are the built-in stand-ins that work without configuration.
 */
export interface ProviderStatus {
  /** 'smtp': SMTP_URL is set; 'outbox': mail is kept in the local outbox (/dev/outbox). */
  mail: 'smtp' | 'outbox';
  /** 'cloud-api': WHATSAPP_API_URL is set; 'outbox': messages are kept in the local outbox. */
  whatsApp: 'cloud-api' | 'outbox';
  /** 'stripe': STRIPE_SECRET_KEY is set; 'test-checkout': the built-in test checkout. */
  payments: 'stripe' | 'test-checkout';
  /** 'power-bi': the POWERBI_* settings are set; 'built-in': the analytics page's own report. */
  analytics: 'power-bi' | 'built-in';
  /** 'embedded': PGlite under DATA_DIR; 'postgres': DATABASE_URL. */
  database: 'embedded' | 'postgres';
}

/** GET /admin/settings. */
export interface AdminSettings extends SiteSettings {
  providers: ProviderStatus;
  /** The demo-data reset exists only on the embedded database (never on a real PostgreSQL). */
  demoResetAvailable: boolean;
  updatedAt: string | null;
}

export const SettingsMessages = {
  EmailRequired: 'The contact e-mail is required',
  EmailInvalid: 'Enter a valid e-mail address, e.g. post@example.no',
  OrgNumberRequired: 'The organisation number is required',
  OrgNumberInvalid: 'The organisation number must be 9 digits, e.g. 912 345 678',
  ResetConfirmation: "Type RESET to confirm the reset",
  ResetNotEmbedded: 'The demo data can only be reset on the embedded database. This server uses PostgreSQL (DATABASE_URL), whose data is never reset from the app.',
  ResetRunning: 'A demo-data reset is already running',
} as const;

export const CONTACT_EMAIL_MAX = 254;
/** The exact text an admin types to reset the demo data. */
export const DEMO_RESET_CONFIRMATION = 'RESET';

/** 9 digits, spaces allowed anywhere, written 'NNN NNN NNN'; null when it is not one. */
export function normaliseOrganisationNumber(value: string): string | null {
  const compact = value.replace(/ /g, '');
  if (!/^\d{9}$/.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3, 6)} ${compact.slice(6)}`;
}

export function validateContactEmail(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return SettingsMessages.EmailRequired;
  if (trimmed.length > CONTACT_EMAIL_MAX || !EMAIL_PATTERN.test(trimmed)) return SettingsMessages.EmailInvalid;
  return null;
}

export function validateOrganisationNumber(value: string): string | null {
  if (!value.trim()) return SettingsMessages.OrgNumberRequired;
  return normaliseOrganisationNumber(value) ? null : SettingsMessages.OrgNumberInvalid;
}

/** One admin change: who made it, what it touched and when. */
export interface AuditEntry {
  /** Increasing: the `before` cursor of the next page. */
  id: number;
  at: string;
  userId: string | null;
  userEmail: string;
  /** One of AUDIT_ACTIONS (a string, so an entry written by a newer server still reads). */
  action: string;
  /** One of AUDIT_ENTITY_TYPES (likewise). */
  entityType: string;
  entityId: string | null;
  summary: string;
}

/** What an admin did; the screen shows each in the reader's language. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'deactivate', 'approve', 'reject', 'reset', 'restore'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the change was made to. */
export const AUDIT_ENTITY_TYPES = [
  'category', 'subcategory', 'category-service', 'subcategory-service', 'region', 'product',
  'company', 'listing', 'event', 'settings', 'demo-data',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** GET /admin/audit-log: newest first; `nextBefore` asks for the page after it (null: no more). */
export interface AuditLogPage {
  entries: AuditEntry[];
  nextBefore: number | null;
}

export const AUDIT_LOG_PAGE = { min: 1, max: 100, default: 50 } as const;

/** GET /admin/summary: what waits for an Admin, by Approvals card. */
export interface AdminSummary {
  companies: number;
  listings: number;
  events: number;
  subscriptions: number;
}

/** POST /admin/demo-reset's answer. */
export interface DemoResetResult {
  /** Whether the caller's session survived (it does: their account and login are kept). */
  sessionKept: boolean;
  counts: { categories: number; regions: number; products: number; companies: number; listings: number; users: number };
}
