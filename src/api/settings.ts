import type { AdminSettings, AdminSummary, AuditLogPage, DemoResetResult, SiteSettings } from '../domain/settings';
import { api } from './http';

/** Site settings, the audit log, the demo reset and the Admin Center's counts (docs/api.md "Admin settings"). */
export const settingsApi = {
  /** The contact details shown to everyone (no login). */
  public: () => api.get<SiteSettings>('/settings/public'),
  /** The settings with the providers in use (Admin). */
  admin: () => api.get<AdminSettings>('/admin/settings'),
  update: (values: SiteSettings) => api.put<AdminSettings>('/admin/settings', values),
  /**
   * Wipes and reseeds the demo data (Admin, embedded database only). A fresh Idempotency-Key: the
   * client retries a POST once after a network failure, and a reset must not run twice.
   */
  resetDemo: (confirmation: string) =>
    api.post<DemoResetResult>('/admin/demo-reset', { confirmation }, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
  /** A page of admin changes, newest first; `before` is the previous page's nextBefore. */
  auditLog: (before?: number) => api.get<AuditLogPage>('/admin/audit-log', { query: { before } }),
  /** What waits in each Approvals queue (Admin). */
  summary: () => api.get<AdminSummary>('/admin/summary'),
};
