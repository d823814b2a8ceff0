import { count } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../src/domain/constants';
import { defaultNotificationPreferences } from '../../src/domain/user';
import { hashPassword } from '../lib/passwords';
import type { FileStore } from '../platform/file-store';
import type { Db } from './client';
import { users } from './schema';
import { seedRegions, seedTaxonomy } from './seed-data';
import { seedListings } from './seed-data/listings';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: [ADMIN_ROLE] },
  { email: 'user@example.com', firstName: 'Ulla', lastName: 'User', roles: [] as string[] },
] as const;

/**
 * Seeds demo data once, into empty tables only: the taxonomy and the regions each when their
 * tables are empty, the demo accounts when there are no users; with a file store also the demo
 * companies and listings with their generated images when there are no listings. Returns whether
 * it seeded accounts.
 */
export async function seedDemoData(db: Db, demoPassword: string, fileStore?: FileStore): Promise<boolean> {
  await seedTaxonomy(db);
  await seedRegions(db);
  if (fileStore) await seedListings(db, fileStore);
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(demoPassword);
  await db.insert(users).values(DEMO_ACCOUNTS.map((a) => ({
    email: a.email,
    passwordHash,
    firstName: a.firstName,
    lastName: a.lastName,
    roles: [...a.roles],
    dateOfBirth: '1990-01-01',
    gender: 'prefer-not-to-say',
    emailConfirmed: true,
    acceptedTermsAt: new Date(),
    notificationPreferences: defaultNotificationPreferences(),
  })));
  return true;
}
