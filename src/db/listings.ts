import type { ListingCard } from '../domain/listings';
import { cardRow } from './card-row';
import { db } from './database';

export { cardRow, detailRow } from './card-row';

/**
 * Writes cards, except over a stored detail (the detail has every card field and more; it is
 * refreshed when the listing page opens) and over ids in `held` (pending local writes).
 * Run inside a transaction that includes `listings`.
 */
export async function putCards(cards: readonly ListingCard[], fetchedAt: number, held: ReadonlySet<string> = new Set()): Promise<void> {
  const ids = cards.map((c) => c.id);
  const existing = await db.listings.bulkGet(ids);
  const rows = cards.filter((card, i) => !existing[i]?.detail && !held.has(card.id)).map((card) => cardRow(card, fetchedAt));
  await db.listings.bulkPut(rows);
}
