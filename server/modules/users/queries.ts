import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './present';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether a phone key ("+4712345678") belongs to a user other than `exceptUserId`. */
export async function phoneTaken(db: Db, phoneKey: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phoneKey, phoneKey));
  return rows.some((r) => r.id !== exceptUserId);
}
