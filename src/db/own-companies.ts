import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredOwnedCompany } from './database';

/**
 * The signed-in user's companies (`ownCompanies`, filled by the company entity's pulls and writes),
 * read live by /companies and the company hub.
 */

const byName = (a: StoredOwnedCompany, b: StoredOwnedCompany) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The user's companies ordered by name, as the server orders them (a company made offline sorts in at once). */
export async function ownCompaniesQuery(userId: string): Promise<StoredOwnedCompany[]> {
  return (await db.ownCompanies.where('userId').equals(userId).toArray()).sort(byName);
}

/** One of the user's companies, or null when this device has none with that id. */
export async function ownCompanyQuery(userId: string, id: string): Promise<StoredOwnedCompany | null> {
  const row = await db.ownCompanies.get(id);
  return row && row.userId === userId ? row : null;
}

/** Live: undefined while the first read runs. */
export const useOwnCompanies = (userId: string | null | undefined) =>
  useLiveQuery(() => (userId ? ownCompaniesQuery(userId) : []), [userId]);

/** Live: undefined while the first read runs, null when not stored. */
export const useOwnCompany = (userId: string | null | undefined, id: string | null | undefined) =>
  useLiveQuery(() => (userId && id ? ownCompanyQuery(userId, id) : null), [userId, id]);
