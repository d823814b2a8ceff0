import { count, eq, inArray } from 'drizzle-orm';
import { CompanyStatus } from '../../src/domain/companies';
import { ADMIN_ROLE } from '../../src/domain/constants';
import { defaultNotificationPreferences } from '../../src/domain/user';
import { hashPassword } from '../lib/passwords';
import type { FileStore } from '../platform/file-store';
import type { Db } from './client';
import { companies, users } from './schema';
import { seedRegions, seedTaxonomy } from './seed-data';
import { seedListings } from './seed-data/listings';
import { seedProducts } from './seed-data/products';
import { seedDemoStatistics } from './seed-data/statistics';
import { bumpCatalogue } from '../modules/listings/service';
import { demoCompanies } from './seed-data/demo';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: [ADMIN_ROLE] },
  { email: 'user@example.com', firstName: 'Ulla', lastName: 'User', roles: [] as string[] },
] as const;

/**
 * Seeds demo data once, into empty tables only: the taxonomy and the regions each when their
 * tables are empty, the demo products when there are none, the demo accounts when there are no users; with a file store also the demo
 * companies and listings with their generated images when there are no listings, and (unless
 * `statistics` is false: SEED_DEMO_STATISTICS=0) a year of statistics events for the demo
 * listings when there are no events. Returns whether it seeded accounts.
 */
export async function seedDemoData(db: Db, demoPassword: string, fileStore?: FileStore, options: { statistics?: boolean } = {}): Promise<boolean> {
  await seedTaxonomy(db);
  await seedRegions(db);
  await seedProducts(db);
  if (fileStore) {
    await seedListings(db, fileStore);
    if (options.statistics ?? true) await seedDemoStatistics(db);
  }
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoAccounts(db, demoPassword);
  return true;
}

/**
 * The demo accounts whose e-mail is not taken yet (all of them on an empty database; the demo-data
 * reset keeps the calling admin's account, which may be one of them), then the demo user's companies.
 * `passwordHash`, the demo password hashed ahead, keeps the slow hashing out of a caller's transaction.
 */
export async function seedDemoAccounts(db: Db, demoPassword: string, passwordHash?: string): Promise<void> {
  const taken = new Set((await db.select({ email: users.email }).from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)))).map((u) => u.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !taken.has(a.email));
  if (missing.length > 0) {
    const hash = passwordHash ?? await hashPassword(demoPassword);
    await db.insert(users).values(missing.map((a) => ({
      email: a.email,
      passwordHash: hash,
      firstName: a.firstName,
      lastName: a.lastName,
      roles: [...a.roles],
      dateOfBirth: '1990-01-01',
      gender: 'prefer-not-to-say',
      emailConfirmed: true,
      acceptedTermsAt: new Date(),
      notificationPreferences: defaultNotificationPreferences(),
    })));
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com')).limit(1);
  if (user) await seedDemoOwnership(db, user.id);
}

/** Companies the demo user owns: two active demo companies to manage, one awaiting the admin's approval. */
async function seedDemoOwnership(db: Db, userId: string): Promise<void> {
  const owned = demoCompanies().slice(0, 2).map((c) => c.name);
  if (owned.length > 0) await db.update(companies).set({ createdById: userId }).where(inArray(companies.name, owned));
  const [pending] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_PENDING_COMPANY.name)).limit(1);
  if (!pending) await db.insert(companies).values({ ...DEMO_PENDING_COMPANY, status: CompanyStatus.AwaitingApproval, createdById: userId });
  // Nothing public changed, but every writer of companies says so (tests/server/search-cache.test.ts).
  bumpCatalogue();
}

/** A new company of the demo user, waiting in the admin's approval queue. */
export const DEMO_PENDING_COMPANY = {
  name: 'Nordlys Feiring AS',
  shortDescription: 'Northern-lights parties and winter weddings in Tromsø.',
  description: 'We plan small winter celebrations under the northern lights: venues, transport and warm food.',
  organizationNumber: '923456781',
  websiteUrl: 'https://nordlys-feiring.example',
  phoneNumber: '+47 412 34 567',
  email: 'post@nordlys-feiring.example',
};
