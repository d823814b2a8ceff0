import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only against a real PostgreSQL server (CI's second server run): PGlite has no connections to end.
describe.skipIf(!serverUrl)('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection (57P01) and answers the next query on a new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const database = await openDatabase({ databaseUrl: serverUrl!, pgliteDir: null });
    try {
      const query = async <T>(statement: ReturnType<typeof sql>) => ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
      const pid = (await query<{ pid: number }>(sql`select pg_backend_pid() as pid`))[0]!.pid;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL closed an idle connection')));
      expect((await query<{ ok: number }>(sql`select 1 as ok`))[0]!.ok).toBe(1);

      // The search's own connections (postgres.js) open a new one for the next statement, silently.
      const generic = async (text: string) => (await database.rawQuery<{ v: number }>({ name: `pool-test:${text}`, genericPlan: true, text, values: [] }))[0]!.v;
      const genericPid = await generic('select pg_backend_pid() as v');
      expect(genericPid).not.toBe(pid);
      const admin2 = new pg.Client({ connectionString: serverUrl });
      await admin2.connect();
      await admin2.query('select pg_terminate_backend($1)', [genericPid]);
      await vi.waitFor(async () => expect((await admin2.query('select 1 from pg_stat_activity where pid = $1', [genericPid])).rowCount).toBe(0));
      await admin2.end();
      // The backend can leave pg_stat_activity a moment before its socket closes: a statement sent
      // in that moment may still go to the old connection and fail; the next one opens a new one.
      await vi.waitFor(async () => expect(await generic('select 1 as v')).toBe(1));
      expect(await generic('select pg_backend_pid() as v')).not.toBe(genericPid);
    } finally {
      await database.close();
      warn.mockRestore();
    }
  });
});
