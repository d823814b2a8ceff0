import type { Table } from 'dexie';

/**
 * How many rows replaceAll puts in one go: 50 of the file manifest's rows were a 58 ms task at a
 * phone's 4× slower CPU (a long task), 25 stay under 50 ms (bench/README.md, "Session 26").
 */
export const PUT_BATCH_ROWS = 25;

/**
 * Makes `table` hold exactly `rows` (a full server list), except the keys in `held`: rows with
 * pending local writes stay as they are locally, present or absent. Run inside a transaction.
 */
export async function replaceAll<T, K extends string>(
  table: Table<T, K>, rows: readonly T[], keyOf: (row: T) => K, held: ReadonlySet<string> = new Set(),
): Promise<void> {
  const incoming = new Set(rows.map(keyOf));
  const stale = (await table.toCollection().primaryKeys()).filter((key) => !incoming.has(key) && !held.has(key));
  await table.bulkDelete(stale);
  const kept = rows.filter((row) => !held.has(keyOf(row)));
  // Each batch is put once the one before it is stored, in the task of that answer: the file
  // manifest's ~470 rows put at once were one task of 40–55 ms after a first visit's view
  // (bench/README.md, "Session 14"). One transaction still holds them all.
  for (let start = 0; start < kept.length; start += PUT_BATCH_ROWS) await table.bulkPut(kept.slice(start, start + PUT_BATCH_ROWS));
}

/** The server's list order kept as `position`. */
export const withPositions = <T>(rows: readonly T[]): (T & { position: number })[] =>
  rows.map((row, position) => ({ ...row, position }));
