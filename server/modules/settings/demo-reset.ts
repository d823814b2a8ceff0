import { and, count, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEMO_RESET_CONFIRMATION, SettingsMessages, type DemoResetResult } from '../../../src/domain/settings';
import type { AppDeps } from '../../deps';
import {
  categories, categoryServices, chatMessages, chats, checkoutSessions, companies, companySubscriptions, counties, favorites, files,
  idempotencyKeys, listingEvents, listings, paymentEvents, plannerEvents, products, refreshTokens, regions, subCategories, subCategoryServices, users,
} from '../../db/schema';
import { seedDemoAccounts } from '../../db/seed';
import { seedRegions, seedTaxonomy } from '../../db/seed-data';
import { prepareSeedImages, seedListings } from '../../db/seed-data/listings';
import { seedProducts } from '../../db/seed-data/products';
import { seedDemoStatistics } from '../../db/seed-data/statistics';
import { SEED_TAXONOMY } from '../../db/seed-data/taxonomy';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { bumpCatalogue } from '../listings/service';

/**
 * Everything the demo seed fills, plus what users made on top of it. Kept: the accounts table
 * (all but the caller's row are deleted below), the settings, the audit log, the local outbox, the
 * meta counters (the file manifest and catalogue versions only ever go up, so clients refetch) and
 * the caller's own Idempotency-Key rows (below).
 */
const DEMO_TABLES = [
  chatMessages, chats, plannerEvents, favorites, listingEvents, checkoutSessions, companySubscriptions, paymentEvents,
  listings, companies, products, subCategoryServices, categoryServices, subCategories, categories, counties, regions, files,
];

/** What the rest of the process is told once a reset has committed (server/app.ts wires them). */
export interface DemoResetEffects {
  /** The login sessions of the deleted accounts: their access tokens are refused from the next request on. */
  sessionsEnded(sessions: readonly { userId: string; familyId: string }[]): void;
  /** Ends every chat connection (clients negotiate again): the deleted accounts' are refused, the caller's read the new chats. */
  reconnectRealtime(): void;
}

let running = false;

/**
 * POST /admin/demo-reset: on the embedded database only, wipes the demo tables and every account
 * but the caller's, and seeds the demo data again, all in one transaction (a failure leaves the
 * old data as it was). The caller keeps their account and login, so they continue at once; the
 * other accounts' sessions end with their rows, and this process stops accepting their tokens at
 * once (effects). The entry in the audit log is part of the same transaction.
 *
 * The slow work runs before the transaction, which holds the embedded database's one connection:
 * the demo password's hash and the seed's images (generated and written to the content-addressed
 * file store; bytes no row refers to are harmless, and a failed reset leaves only such bytes).
 * The transaction itself only deletes and inserts rows. Bytes of uploads no row refers to any more
 * stay on disk, unused.
 *
 * Idempotency-Key rows: the caller's are kept, among them the claim of this very request, so a
 * retried reset gets the stored answer instead of a second reset, and the caller's other stored
 * answers still replay. Every other user's (and the anonymous ones) are deleted with the accounts.
 */
export async function resetDemoData(
  deps: AppDeps, request: FastifyRequest, confirmation: string, effects: DemoResetEffects,
): Promise<DemoResetResult> {
  // The request's own fault first (400), then the server's state (409): the same body gets the same answer everywhere.
  if (confirmation !== DEMO_RESET_CONFIRMATION) throw badRequest(SettingsMessages.ResetConfirmation, [{ field: 'confirmation', message: SettingsMessages.ResetConfirmation }]);
  if (deps.databaseKind !== 'pglite') throw conflict(SettingsMessages.ResetNotEmbedded);
  const callerId = request.auth?.userId;
  if (!callerId) throw unauthorized();
  if (running) throw conflict(SettingsMessages.ResetRunning);
  running = true;
  try {
    const passwordHash = await hashPassword(deps.config.demoPassword);
    const images = await prepareSeedImages(deps.fileStore, SEED_TAXONOMY.map((c) => c.name));
    const { counts, endedSessions } = await deps.db.transaction(async (tx) => {
      const endedSessions = await tx.select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId }).from(refreshTokens)
        .where(and(ne(refreshTokens.userId, callerId), isNull(refreshTokens.revokedAt)));
      await tx.execute(sql`truncate table ${sql.join(DEMO_TABLES.map((t) => sql`${t}`), sql`, `)}`);
      await tx.delete(idempotencyKeys).where(ne(idempotencyKeys.scope, callerId));
      await tx.delete(users).where(ne(users.id, callerId));
      await seedTaxonomy(tx);
      await seedRegions(tx);
      await seedProducts(tx);
      await seedListings(tx, deps.fileStore, deps.clock(), images);
      if (deps.config.seedDemoStatistics) await seedDemoStatistics(tx, deps.clock());
      await seedDemoAccounts(tx, deps.config.demoPassword, passwordHash);
      const n = async (table: PgTable) => Number((await tx.select({ n: count() }).from(table))[0]?.n ?? 0);
      const result = {
        categories: await n(categories), regions: await n(regions), products: await n(products),
        companies: await n(companies), listings: await n(listings), users: await n(users),
      };
      await recordAudit(tx, request, deps.clock(), {
        action: 'reset', entityType: 'demo-data', entityId: null,
        summary: `reset the demo data: ${result.categories} categories, ${result.regions} regions, ${result.products} products, ${result.companies} companies, ${result.listings} listings, ${result.users} accounts`,
      });
      return { counts: result, endedSessions };
    });
    effects.sessionsEnded(endedSessions);
    effects.reconnectRealtime();
    // The seed bumps inside the transaction; a search between that and the commit may have cached the old catalogue.
    bumpCatalogue();
    return { sessionKept: true, counts };
  } finally {
    running = false;
  }
}
