import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed';
import { createRuntime } from './runtime';

async function main() {
  // React's server renderer (loaded by buildApp with the built server entry) picks its build by
  // NODE_ENV when first imported: unset, it would be the development build, several times slower
  // and warning in the log. A test harness that set its own value keeps it.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const { deps, database } = await createRuntime(config);
  if (config.seedDemo) await seedDemoData(deps.db, config.demoPassword, deps.fileStore, { statistics: config.seedDemoStatistics });
  const app = await buildApp(deps);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await deps.processBus?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `  EventMarket is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Files: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : `${config.dataDir}/files`}`,
    `  Mail: ${deps.mailer.kind === 'outbox' ? `local outbox at ${url}/dev/outbox` : 'SMTP'}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo accounts (password from DEMO_PASSWORD, default Demo1234!):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email}${a.roles.length ? ` (${a.roles.join(', ')})` : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
