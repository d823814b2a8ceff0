import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_SITE_SETTINGS, type AdminSettings, type ProviderStatus, type SiteSettings } from '../../../src/domain/settings';
import type { AppDeps } from '../../deps';
import { siteSettings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { SettingsBody } from './schemas';

/** Which provider each area uses, from the configuration and the running mailer/WhatsApp sender (no addresses or keys). */
export function providerStatus(deps: AppDeps): ProviderStatus {
  return {
    mail: deps.mailer.kind === 'outbox' ? 'outbox' : 'smtp',
    whatsApp: deps.whatsApp.kind === 'outbox' ? 'outbox' : 'cloud-api',
    payments: deps.config.stripeSecretKey ? 'stripe' : 'test-checkout',
    analytics: deps.config.powerBi ? 'power-bi' : 'built-in',
    database: deps.databaseKind === 'pglite' ? 'embedded' : 'postgres',
  };
}

/** The stored site settings (GET /settings/public, the settings page) and their changes. */
export function settingsService(deps: AppDeps) {
  const { db } = deps;

  async function row() {
    const [found] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
    return found ?? null;
  }

  /** The row the migration created; the shipped values if it was ever removed by hand. */
  async function publicSettings(): Promise<SiteSettings> {
    const found = await row();
    return found ? { contactEmail: found.contactEmail, organisationNumber: found.organisationNumber } : { ...DEFAULT_SITE_SETTINGS };
  }

  async function adminSettings(): Promise<AdminSettings> {
    const found = await row();
    return {
      contactEmail: found?.contactEmail ?? DEFAULT_SITE_SETTINGS.contactEmail,
      organisationNumber: found?.organisationNumber ?? DEFAULT_SITE_SETTINGS.organisationNumber,
      updatedAt: found?.updatedAt?.toISOString() ?? null,
      providers: providerStatus(deps),
      demoResetAvailable: deps.databaseKind === 'pglite',
    };
  }

  return {
    publicSettings,
    adminSettings,

    /**
     * Saves both values and the audit entry in one transaction (an unchanged save is still logged:
     * someone pressed Save). The values before are read in it with the row locked, so of two
     * concurrent saves the second logs the first's values as its "before".
     */
    async update(request: FastifyRequest, body: SettingsBody): Promise<AdminSettings> {
      const now = deps.clock();
      await db.transaction(async (tx) => {
        const [stored] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for('update');
        const before = stored ?? DEFAULT_SITE_SETTINGS;
        await tx.insert(siteSettings).values({ id: 1, ...body, updatedAt: now })
          .onConflictDoUpdate({ target: siteSettings.id, set: { ...body, updatedAt: now } });
        const changes = [
          before.contactEmail !== body.contactEmail ? `contact e-mail ${before.contactEmail} → ${body.contactEmail}` : null,
          before.organisationNumber !== body.organisationNumber ? `organisation number ${before.organisationNumber} → ${body.organisationNumber}` : null,
        ].filter((c): c is string => c !== null);
        await recordAudit(tx, request, now, {
          action: 'update', entityType: 'settings', entityId: null,
          summary: changes.length > 0 ? `changed ${changes.join('; ')}` : 'saved the settings unchanged',
        });
      });
      return adminSettings();
    },
  };
}
