import { count, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEMO_RESET_CONFIRMATION, SettingsMessages, type DemoResetResult } from '../../../src/domain/settings';
import type { AppDeps } from '../../deps';
import {
  categories, categoryServices, chatMessages, chats, checkoutSessions, companies, companySubscriptions, counties, favorites, files,
  idempotencyKeys, listingEvents, listings, paymentEvents, plannerEvents, products, regions, subCategories, subCategoryServices, users,
} from '../../db/schema';
import { seedDemoAccounts } from '../../db/seed';
import { seedRegions, seedTaxonomy } from '../../db/seed-data';
import { seedListings } from '../../db/seed-data/listings';
import { seedProducts } from '../../db/seed-data/products';
import { seedDemoStatistics } from '../../db/seed-data/statistics';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { bumpCatalogue } from '../listings/service';

/**
 * Everything the demo seed fills, plus what users made on top of it. Kept: the accounts table
 * (all but the caller's row are deleted below), the settings, the audit log, the local outbox and
 * the meta counters (the file manifest and catalogue versions only ever go up, so clients refetch).
 */
const DEMO_TABLES = [
  chatMessages, chats, plannerEvents, favorites, listingEvents, checkoutSessions, companySubscriptions, paymentEvents,
  listings, companies, products, subCategoryServices, categoryServices, subCategories, categories, counties, regions, files, idempotencyKeys,
];

let running = false;

/**
 * POST /admin/demo-reset: on the embedded database only, wipes the demo tables and every account
 * but the caller's, and seeds the demo data again, all in one transaction (a failure leaves the
 * old data as it was). The caller keeps their account and login, so they continue at once; the
 * other accounts' sessions end with their rows. The entry in the audit log is part of the same
 * transaction. Image bytes are content-addressed files on disk: the seed's own images are the
 * same bytes again; bytes of uploads no row refers to any more stay on disk, unused.
 */
export async function resetDemoData(deps: AppDeps, request: FastifyRequest, confirmation: string): Promise<DemoResetResult> {
  if (deps.databaseKind !== 'pglite') throw conflict(SettingsMessages.ResetNotEmbedded);
  if (confirmation !== DEMO_RESET_CONFIRMATION) throw badRequest(SettingsMessages.ResetConfirmation, [{ field: 'confirmation', message: SettingsMessages.ResetConfirmation }]);
  const callerId = request.auth?.userId;
  if (!callerId) throw unauthorized();
  if (running) throw conflict('A demo-data reset is already running');
  running = true;
  try {
    const counts = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`truncate table ${sql.join(DEMO_TABLES.map((t) => sql`${t}`), sql`, `)}`);
      await tx.delete(users).where(ne(users.id, callerId));
      await seedTaxonomy(tx);
      await seedRegions(tx);
      await seedProducts(tx);
      await seedListings(tx, deps.fileStore, deps.clock());
      if (deps.config.seedDemoStatistics) await seedDemoStatistics(tx, deps.clock());
      await seedDemoAccounts(tx, deps.config.demoPassword);
      const n = async (table: PgTable) => Number((await tx.select({ n: count() }).from(table))[0]?.n ?? 0);
      const result = {
        categories: await n(categories), regions: await n(regions), products: await n(products),
        companies: await n(companies), listings: await n(listings), users: await n(users),
      };
      await recordAudit(tx, request, deps.clock(), {
        action: 'reset', entityType: 'demo-data', entityId: null,
        summary: `reset the demo data: ${result.categories} categories, ${result.regions} regions, ${result.products} products, ${result.companies} companies, ${result.listings} listings, ${result.users} accounts`,
      });
      return result;
    });
    // The seed bumps inside the transaction; a search between that and the commit may have cached the old catalogue.
    bumpCatalogue();
    return { sessionKept: true, counts };
  } finally {
    running = false;
  }
}
