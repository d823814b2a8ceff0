import { loadConfig } from '../config';
import { openDatabase, pgliteDirFor } from '../db/client';
import { vacuumAnalyze } from '../db/maintenance';

/** npm run db:vacuum: VACUUM ANALYZE of the configured database (the embedded one: stop the server first). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    const started = performance.now();
    await vacuumAnalyze(database.db);
    console.log(`VACUUM ANALYZE done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
