import type { Table } from 'dexie';

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
  await table.bulkPut(rows.filter((row) => !held.has(keyOf(row))));
}

/** The server's list order kept as `position`. */
export const withPositions = <T>(rows: readonly T[]): (T & { position: number })[] =>
  rows.map((row, position) => ({ ...row, position }));
