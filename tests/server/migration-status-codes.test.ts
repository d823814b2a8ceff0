import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrations = join(import.meta.dirname, '../../server/db/migrations');
const dirs: string[] = [];

/** A copy of the migrations folder holding only the first `count` migrations. */
function firstMigrations(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the status-code migration (0005) and plain-text company descriptions (0007)', () => {
  it('turns the text statuses of existing companies and listings into the spec codes, and hides listings of companies not active', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: firstMigrations(5) });
    await client.exec(`
      insert into categories (id, name) values ('00000000-0000-4000-8000-000000000001', 'Venues');
      insert into companies (id, name, status) values
        ('00000000-0000-4000-8000-0000000000a1', 'Approved AS', 'approved'),
        ('00000000-0000-4000-8000-0000000000a4', 'Seeded AS', 'approved'),
        ('00000000-0000-4000-8000-0000000000a2', 'Pending AS', 'pending'),
        ('00000000-0000-4000-8000-0000000000a3', 'Rejected AS', 'rejected');
      insert into listings (company_id, name, category_id, status, is_active) values
        ('00000000-0000-4000-8000-0000000000a1', 'approved', '00000000-0000-4000-8000-000000000001', 'approved', true),
        ('00000000-0000-4000-8000-0000000000a1', 'pending', '00000000-0000-4000-8000-000000000001', 'pending', true),
        ('00000000-0000-4000-8000-0000000000a1', 'rejected', '00000000-0000-4000-8000-000000000001', 'rejected', true),
        ('00000000-0000-4000-8000-0000000000a1', 'draft', '00000000-0000-4000-8000-000000000001', 'draft', true),
        ('00000000-0000-4000-8000-0000000000a2', 'of a pending company', '00000000-0000-4000-8000-000000000001', 'approved', true);
    `);
    await client.query(`update companies set description = $1 where name = 'Seeded AS'`, ['<p>Fest &amp; moro i Bodø.</p><p>Vi &lt;3 gjester.</p>']);
    await migrate(db, { migrationsFolder: migrations });
    // Company descriptions are plain text now (0007): paragraphs become blank lines, entities are decoded.
    const seeded = await client.query<{ description: string }>(`select description from companies where name = 'Seeded AS'`);
    expect(seeded.rows[0]!.description).toBe('Fest & moro i Bodø.\n\nVi <3 gjester.');
    await client.query(`delete from companies where name = 'Seeded AS'`);
    const companies = await client.query<{ name: string; status: number }>('select name, status from companies order by name');
    expect(companies.rows).toEqual([
      { name: 'Approved AS', status: 100 }, { name: 'Pending AS', status: 200 }, { name: 'Rejected AS', status: 250 },
    ]);
    const listings = await client.query<{ name: string; status: number; is_active: boolean }>('select name, status, is_active from listings order by name');
    expect(listings.rows).toEqual([
      { name: 'approved', status: 200, is_active: true },
      { name: 'draft', status: 0, is_active: true },
      { name: 'of a pending company', status: 200, is_active: false },
      { name: 'pending', status: 100, is_active: true },
      { name: 'rejected', status: 300, is_active: true },
    ]);
    // New rows get the spec's starting statuses.
    const fresh = await client.query<{ status: number }>(`insert into companies (name) values ('New AS') returning status`);
    expect(fresh.rows[0]!.status).toBe(200);
    await client.close();
  });
});

describe('the covering statistics index (0011)', () => {
  it('replaces the (listing_id, created_at) index of listing_events with one that includes event_type', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    const indexes = async () => (await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'listing_events' and indexname <> 'listing_events_pkey' order by indexname`)).rows;
    await migrate(db, { migrationsFolder: firstMigrations(11) });
    expect((await indexes()).map((i) => i.indexname)).toEqual(['listing_events_listing_created_idx']);
    await migrate(db, { migrationsFolder: migrations });
    const after = await indexes();
    expect(after.map((i) => i.indexname)).toEqual(['listing_events_listing_created_type_idx']);
    expect(after[0]!.indexdef).toMatch(/\(listing_id, created_at\) INCLUDE \(event_type\)$/);
    await client.close();
  });
});
