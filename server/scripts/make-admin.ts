import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../src/domain/constants';
import { loadConfig } from '../config';
import { openDatabase, pgliteDirFor } from '../db/client';
import { users } from '../db/schema';

/** npm run user:make-admin -- <email>: grants the Admin role (takes effect at the next login or refresh). */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run user:make-admin -- <email>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    const updated = await database.db.update(users)
      .set({ roles: sql`array_append(array_remove(${users.roles}, ${ADMIN_ROLE}), ${ADMIN_ROLE})` })
      .where(eq(users.email, email)).returning({ id: users.id });
    if (updated.length === 0) {
      console.error(`No user with the e-mail ${email}`);
      process.exitCode = 1;
    } else {
      console.log(`${email} now has the ${ADMIN_ROLE} role`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
