import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, SortOption } from '../../src/domain/listings';
import { loadConfig } from '../../server/config';
import { companies, listings } from '../../server/db/schema';
import { isPublic, selectCards } from '../../server/modules/listings/queries';
import type { Statement } from '../../server/db/raw';
import { searchBody } from '../../server/modules/listings/schemas';
import { listingSearch, readPage } from '../../server/modules/listings/search';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import { countStatement, pageStatement, readsMatchesFirst, secondLapStatement, shuffleStart, type SearchFilters } from '../../server/modules/listings/search-sql';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

// POST /listing/search with its SQL fixed per filter shape and the cards' JSON built by the
// database: byte for byte what encoding drizzle's rows with JSON.stringify wrote before, and the
// random sort as a rotation of the stored shuffle (docs/decisions.md, "The random sort").

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
/** The public listings, oldest first. */
const visible: string[] = [];

beforeAll(async () => {
  // Answers not cached: every request reads its page (the cold path this file is about).
  const { searchCache } = loadConfig({});
  t = await createTestApp({ searchCache: { ...searchCache, enabled: false } });
  f = await listingFixture(t);
  const [withLogo] = await t.deps.db.insert(companies).values({
    name: 'Logo "Quoted" \\ Co', status: 100, logoImageUri: '6f1c1a7e-0c3f-4d51-9a57-1e0c5d1f7b11',
  }).returning();
  const odd = [
    // Text JSON must escape: quotes, backslashes, control characters, line breaks, non-ASCII, astral.
    { name: 'Quote " backslash \\ slash / tab \t', shortDescription: 'line\nbreak\r\u0001\u001f\u007f \u2028 æøå 🎉', price: null },
    { name: 'Zero price', price: 0, cardImageUri: '0d7c6b0a-6f4e-4b9c-8f1e-2a3b4c5d6e7f', subCategoryServiceIds: ['3e0f8f2c-1b1a-4a4e-9a0c-7f4d2c1b0a99', '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d'] },
    { name: 'No sub-category', subCategoryId: null, price: 2_000_000_000, companyId: withLogo!.id },
    { name: '', shortDescription: '', price: 1 },
  ];
  for (const values of odd) visible.push((await f.add(values)).id);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/listing/search', payload: body });
const search = async (body: Record<string, unknown>) => {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};

describe('the cards built by the database', () => {
  const cases: [string, Record<string, unknown>, SQL[]][] = [
    ['newest', {}, [desc(listings.createdAt), desc(listings.id)]],
    ['oldest', { sortBy: 'oldest' }, [asc(listings.createdAt), asc(listings.id)]],
    ['priceAsc', { sortBy: 'priceAsc' }, [sql`${listings.price} asc nulls last`, asc(listings.id)]],
    ['priceDesc', { sortBy: 'priceDesc' }, [sql`${listings.price} desc nulls last`, asc(listings.id)]],
    ['nameAsc', { sortBy: 'nameAsc' }, [asc(listings.name), asc(listings.id)]],
    ['nameDesc', { sortBy: 'nameDesc' }, [desc(listings.name), asc(listings.id)]],
  ];
  for (const [sort, body, order] of cases) {
    it(`write exactly the bytes JSON.stringify wrote for drizzle's cards: ${sort}`, async () => {
      const res = await post({ pageSize: 96, ...body });
      expect(res.statusCode).toBe(200);
      const cards = await selectCards(t.deps.db, isPublic, order, 96);
      expect(cards.length).toBe(visible.length);
      const { listings: _, ...rest } = res.json() as SearchResponse;
      expect(res.body).toBe(JSON.stringify({ listings: cards, ...rest }));
    });
  }

  it('keep nulls, zero, large prices, empty and full arrays and the nested company', async () => {
    const cards = (await search({ pageSize: 96, sortBy: 'oldest' })).listings;
    expect(cards.map((c) => c.price)).toEqual([null, 0, 2_000_000_000, 1]);
    expect(cards[0]).toMatchObject({ name: 'Quote " backslash \\ slash / tab \t', shortDescription: 'line\nbreak\r\u0001\u001f\u007f \u2028 æøå 🎉', cardImageUri: null, subCategoryServiceIds: [] });
    expect(cards[1]!.subCategoryServiceIds).toEqual(['3e0f8f2c-1b1a-4a4e-9a0c-7f4d2c1b0a99', '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d']);
    expect(cards[1]!.cardImageUri).toBe('0d7c6b0a-6f4e-4b9c-8f1e-2a3b4c5d6e7f');
    expect(cards[2]!.subCategoryId).toBeNull();
    expect(cards[2]!.company).toEqual({ id: expect.any(String), name: 'Logo "Quoted" \\ Co', logoImageUri: '6f1c1a7e-0c3f-4d51-9a57-1e0c5d1f7b11' });
    expect(cards[3]!.company).toEqual({ id: f.company.id, name: f.company.name, logoImageUri: null });
  });

  it('follow every later write of a listing and of its company, byte for byte (cards stored with the rows)', async () => {
    const [company] = await t.deps.db.insert(companies).values({ name: 'Before', status: 100 }).returning();
    const { id } = await f.add({ name: 'Written once', companyId: company!.id, price: 5 });
    const bytesMatch = async () => {
      const res = await post({ pageSize: 96, sortBy: 'oldest' });
      const cards = await selectCards(t.deps.db, isPublic, [asc(listings.createdAt), asc(listings.id)], 96);
      const { listings: _, ...rest } = res.json() as SearchResponse;
      expect(res.body).toBe(JSON.stringify({ listings: cards, ...rest }));
      return cards.find((c) => c.id === id)!;
    };
    try {
      await t.deps.db.update(listings).set({
        name: 'Renamed "again" \\ ø', shortDescription: 'new\nline', price: null,
        cardImageUri: '0d7c6b0a-6f4e-4b9c-8f1e-2a3b4c5d6e7f', subCategoryId: null,
        subCategoryServiceIds: ['3e0f8f2c-1b1a-4a4e-9a0c-7f4d2c1b0a99'],
      }).where(eq(listings.id, id));
      await t.deps.db.update(companies).set({ name: 'After </script> 🎉', logoImageUri: '6f1c1a7e-0c3f-4d51-9a57-1e0c5d1f7b11' })
        .where(eq(companies.id, company!.id));
      bumpCatalogue();
      expect(await bytesMatch()).toMatchObject({
        name: 'Renamed "again" \\ ø', shortDescription: 'new\nline', price: null, subCategoryId: null,
        company: { id: company!.id, name: 'After </script> 🎉', logoImageUri: '6f1c1a7e-0c3f-4d51-9a57-1e0c5d1f7b11' },
      });
      await t.deps.db.update(companies).set({ logoImageUri: null }).where(eq(companies.id, company!.id));
      expect((await bytesMatch()).company.logoImageUri).toBeNull();
      // A company's rename is not an edit of its listings: their version and date stay.
      const [before] = await t.deps.db.select({ version: listings.version, updatedAt: listings.updatedAt }).from(listings).where(eq(listings.id, id));
      await t.deps.db.update(companies).set({ name: 'Third name' }).where(eq(companies.id, company!.id));
      expect((await bytesMatch()).company.name).toBe('Third name');
      expect((await t.deps.db.select({ version: listings.version, updatedAt: listings.updatedAt }).from(listings).where(eq(listings.id, id)))[0]).toEqual(before);
      // A listing moved to another company carries that company's part.
      await t.deps.db.update(listings).set({ companyId: f.company.id }).where(eq(listings.id, id));
      expect((await bytesMatch()).company).toEqual({ id: f.company.id, name: f.company.name, logoImageUri: null });
    } finally {
      await t.deps.db.delete(listings).where(eq(listings.id, id));
      await t.deps.db.delete(companies).where(eq(companies.id, company!.id));
    }
  });

  it('answer an empty page as an empty list, with every filter shape', async () => {
    const filters = { categoryId: f.catB.id, subCategoryIds: [f.subB1.id], regions: [f.region.id], searchQuery: 'nothing' };
    const res = await post(filters);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ listings: [], totalCount: 0, totalPages: 0 });
    expect((await search({ pageNumber: 50 })).listings).toEqual([]);
  });
});

describe("a text search's two ways of reading a page", () => {
  // Few matches read the matches first and sort them; many walk the sort's index (readsMatchesFirst).
  // Both must give the same pages, in every sort.
  const sorts: SortOption[] = ['newest', 'oldest', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc', 'random'];
  for (const sort of sorts) {
    it(`agree page by page: ${sort}`, async () => {
      const read = async (filters: SearchFilters, offset: number, matchesFirst: boolean) =>
        (await readPage(t.deps.rawCards, filters, sort, 'seed-7', 4, offset, matchesFirst)).map(String).join(',');
      for (const filters of [{ searchQuery: 'short' }, { searchQuery: 'short text', categoryId: f.catA.id }]) {
        const pages: string[] = [];
        for (const offset of [0, 4, 8, 200]) {
          const first = await read(filters, offset, true);
          expect(first).toBe(await read(filters, offset, false));
          pages.push(first);
        }
        expect(pages[0]).not.toBe('');
        expect(pages[3]).toBe('');
      }
    });
  }

  it('answers a word nothing matches with an empty page, sorted or random', async () => {
    const body = { searchQuery: 'zyxwvu', sortBy: 'newest' };
    expect(await search(body)).toMatchObject({ listings: [], totalCount: 0, totalPages: 0 });
    expect(await search({ ...body, sortBy: 'random', seed: 'x' })).toMatchObject({ listings: [], totalCount: 0 });
  });
});

describe('the random sort', () => {
  /** Gives the public listings the keys 0.05, 0.15, … 0.95 in `visible` order. */
  async function fixKeys() {
    for (const [i, id] of visible.entries()) {
      await t.deps.db.update(listings).set({ shuffleKey: i / visible.length + 0.5 / visible.length }).where(eq(listings.id, id));
    }
    bumpCatalogue();
  }
  /** The rotation a seed starts: the listings from the first key at or after its point, wrapping around. */
  const rotation = (seed: string) => {
    const first = visible.findIndex((_, i) => i / visible.length + 0.5 / visible.length >= shuffleStart(seed));
    const start = first < 0 ? 0 : first;
    return [...visible.slice(start), ...visible.slice(0, start)];
  };
  /** Seeds whose points fall before different keys, so their orders differ. */
  const seedsStartingAt = (n: number) => {
    const seeds = new Map<string, string>();
    for (let i = 0; seeds.size < n; i++) {
      const first = rotation(String(i))[0]!;
      if (!seeds.has(first)) seeds.set(first, String(i));
    }
    return [...seeds.values()];
  };

  it('is the rotation of the stored shuffle from the seed, the same across pages, each listing once', async () => {
    await fixKeys();
    for (const seed of seedsStartingAt(visible.length)) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const r = await search({ sortBy: 'random', seed, pageNumber: page, pageSize: 2 });
        expect(r).toMatchObject({ totalCount: visible.length, seed, sortBy: 'random' });
        seen.push(...r.listings.map((c) => c.id));
      }
      expect(seen, `seed ${seed}`).toEqual(rotation(seed));
      expect((await search({ sortBy: 'random', seed, pageSize: 96 })).listings.map((c) => c.id)).toEqual(seen);
    }
  });

  it('reads the second lap only for a page that reaches it, from where the page starts in it', async () => {
    await fixKeys();
    const sent: string[] = [];
    const cells = async (statement: Statement) => {
      sent.push(statement.name ?? '');
      return t.deps.rawCards(statement);
    };
    // A seed whose point falls before the third key: the first lap holds all but the first two listings.
    const [seed] = seedsStartingAt(visible.length).filter((s) => rotation(s)[0] === visible[2]);
    const firstLap = visible.length - 2;
    const ids = (runs: Buffer[]) => (JSON.parse(`[${runs.map(String).join(',')}]`) as { id: string }[]).map((card) => card.id);
    expect(firstLap).toBeGreaterThan(1);
    // Pages of 2: within the first lap, across both, past the first, and past the end.
    for (let offset = 0; offset <= visible.length; offset++) {
      sent.length = 0;
      const page = ids(await readPage(cells, {}, 'random', seed!, 2, offset, false));
      expect(page, `offset ${offset}`).toEqual(rotation(seed!).slice(offset, offset + 2));
      expect(sent.filter((name) => name.endsWith(':second-lap')).length, `offset ${offset}`).toBe(offset + 2 > firstLap ? 1 : 0);
    }
  });

  it('gives another seed another order, and every listing is first for some seed', async () => {
    await fixKeys();
    const firsts = new Set<string>();
    for (const seed of seedsStartingAt(visible.length)) firsts.add((await search({ sortBy: 'random', seed, pageSize: 1 })).listings[0]!.id);
    expect(firsts).toEqual(new Set(visible));
  });

  it('applies the filters on both laps of the rotation', async () => {
    await fixKeys();
    const [seed] = seedsStartingAt(visible.length).filter((s) => rotation(s)[0] === visible[2]);
    const r = await search({ sortBy: 'random', seed, pageSize: 96, categoryId: f.catA.id, subCategoryIds: [f.subA1.id] });
    const expected = (await t.deps.db.select({ id: listings.id }).from(listings)
      .where(and(isPublic, eq(listings.subCategoryId, f.subA1.id), inArray(listings.id, visible)))).map((x) => x.id);
    expect(r.listings.map((c) => c.id)).toEqual(rotation(seed!).filter((id) => expected.includes(id)));
  });

  it('gives a new listing a key of its own, and shows it exactly once', async () => {
    const added = await f.add({ name: 'Brand new' });
    try {
      const [row] = await t.deps.db.select({ key: listings.shuffleKey }).from(listings).where(eq(listings.id, added.id));
      expect(row!.key).toBeGreaterThanOrEqual(0);
      expect(row!.key).toBeLessThan(1);
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) seen.push(...(await search({ sortBy: 'random', seed: 'new', pageNumber: page, pageSize: 2 })).listings.map((c) => c.id));
      expect(seen.filter((id) => id === added.id)).toEqual([added.id]);
      expect(new Set(seen)).toEqual(new Set([...visible, added.id]));
    } finally {
      await t.deps.db.delete(listings).where(eq(listings.id, added.id));
      bumpCatalogue();
    }
  });
});

describe('hostile search input', () => {
  it('is a 400 or an answer, never a 500', async () => {
    const bodies: Record<string, unknown>[] = [
      { searchQuery: `'); drop table listings; --` }, { searchQuery: '"unclosed' }, { searchQuery: '-' }, { searchQuery: ':* & | ! ( ) <->' },
      { searchQuery: '\\' }, { seed: '\u0000' }, { seed: 'x'.repeat(101) }, { seed: -0.5, sortBy: 'random' }, { seed: 1e308, sortBy: 'random' },
      { regions: Array.from({ length: 1000 }, () => f.region.id) }, { subCategoryIds: ['00000000-0000-0000-0000-000000000000'] },
      { categoryId: '00000000-0000-0000-0000-000000000000', sortBy: 'random', seed: 's' }, { pageNumber: 1_000_000, pageSize: 96, sortBy: 'random', seed: 1 },
      { regions: [null] }, { subCategoryIds: [{}] }, { searchQuery: ['a'] }, { categoryId: 'null' }, { pageSize: 1.5 },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect([200, 400], `${JSON.stringify(body)}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

interface PlanNode { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] }

/** The nodes of a statement's plan, top down, as `tx` (a transaction with its settings) plans it. */
async function planNodes(tx: Pick<typeof t.deps.db, 'execute'>, text: string): Promise<PlanNode[]> {
  const result = await tx.execute(sql.raw(`explain (format json) ${text}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => { nodes.push(node); node.Plans?.forEach(walk); };
  walk(((typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }])[0].Plan);
  return nodes;
}

const describePlan = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name'] ?? n['Node Type']).join(', ');

describe('the plans of the fixed statements', () => {
  it('runs statements marked genericPlan with generic plans on PostgreSQL and everything else with its own choice', async () => {
    const mode = async (name: string | null, genericPlan?: boolean) =>
      (await t.deps.rawQuery<{ mode: string }>({ name, genericPlan, text: "select current_setting('plan_cache_mode') as mode", values: [] }))[0]?.mode;
    const onPostgres = t.deps.databaseKind === 'postgres';
    // Twice each: a pooled connection reused keeps its session's setting.
    for (let i = 0; i < 2; i++) {
      expect(await mode('plan-cache-mode-probe-generic', true)).toBe(onPostgres ? 'force_generic_plan' : 'auto');
      expect(await mode('plan-cache-mode-probe')).toBe('auto');
      expect(await mode(null)).toBe('auto');
    }
    // The app's own queries (drizzle) are not affected.
    const [own] = await t.deps.db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(companies).limit(1);
    expect(own?.mode).toBe('auto');
  });

  it('reads an unfiltered page of every indexed sort from a public index in its exact order, sorting nothing', async () => {
    const sorts: Exclude<SortOption, 'random'>[] = ['newest', 'oldest', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc'];
    for (const sort of sorts) {
      const statement = pageStatement({}, sort, '', 20, 0);
      expect(statement.values).toEqual([20, 0]);
      const text = statement.text.replace('$1', '20').replace('$2', '0');
      const nodes = await t.deps.db.transaction(async (tx) => {
        // The fixture's few rows would be read whole and sorted; forbid that so the plan shows
        // whether an index gives the sort's order (a sort left in the plan means none does).
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        return planNodes(tx, text);
      });
      expect(nodes.filter((n) => /Sort/.test(n['Node Type'])).map((n) => n['Node Type']), sort).toEqual([]);
      expect(nodes.some((n) => n['Index Name']?.startsWith('listings_public_')), `${sort}: ${describePlan(nodes)}`).toBe(true);
    }
  });

  it('keeps the newest page on its public index when the table is in date order, as a marketplace writes it', async () => {
    const text = pageStatement({}, 'newest', '', 24, 0).text.replace('$1', '24').replace('$2', '0');
    const rolledBack = new Error('rolled back');
    const plans: Record<'now' | 'dateOnlyIndex', PlanNode[]> = { now: [], dateOnlyIndex: [] };
    await expect(t.deps.db.transaction(async (tx) => {
      // Rows written oldest first (the heap's order is the dates' order), a few not public.
      await tx.execute(sql`insert into listings (company_id, name, short_description, category_id, status, is_active, created_at)
        select ${f.company.id}::uuid, 'Row ' || g, 'In date order', ${f.catA.id}::uuid, 200, g % 20 <> 0,
          timestamptz '2024-01-01' + g * interval '1 minute' from generate_series(1, 5000) g`);
      await tx.execute(sql`analyze listings`);
      plans.now = await planNodes(tx, text);
      // Migration 0020's counter-case: with the date-only index it replaced, PostgreSQL reads
      // that one and sorts each page by id after it.
      await tx.execute(sql`drop index listings_created_idx`);
      await tx.execute(sql`create index listings_created_idx on listings (created_at)`);
      plans.dateOnlyIndex = await planNodes(tx, text);
      throw rolledBack;
    })).rejects.toBe(rolledBack);
    expect(plans.now.filter((n) => /Sort/.test(n['Node Type'])), describePlan(plans.now)).toEqual([]);
    // Either date index now gives the whole order (the date-and-id one with a filter of the few
    // rows not public, which PGlite takes on this small table; PostgreSQL takes the public one).
    expect(plans.now.map((n) => n['Index Name']).filter(Boolean), describePlan(plans.now))
      .toEqual([expect.stringMatching(/^listings_(public_)?created_idx$/)]);
    expect(plans.dateOnlyIndex.some((n) => /Sort/.test(n['Node Type'])), describePlan(plans.dateOnlyIndex)).toBe(true);
  });

  it('marks for generic plans only the statements whose best plan no value changes', () => {
    expect(pageStatement({}, 'newest', '', 24, 0).genericPlan).toBe(true);
    expect(pageStatement({}, 'random', 'seed', 24, 0).genericPlan).toBe(true);
    expect(secondLapStatement({}, 'seed', 24, 0, 0).genericPlan).toBe(true);
    expect(countStatement({}).genericPlan).toBe(true);
    // A category by date: its own index, whatever its size.
    expect(pageStatement({ categoryId: f.catA.id }, 'newest', '', 24, 0).genericPlan).toBe(true);
    expect(pageStatement({ categoryId: f.catA.id }, 'oldest', '', 24, 0).genericPlan).toBe(true);
    expect(pageStatement({ categoryId: f.catA.id, subCategoryIds: [f.subA1.id] }, 'newest', '', 24, 0).genericPlan).toBe(false);
    for (const filters of [{ categoryId: f.catA.id }, { subCategoryIds: [f.subA1.id] }, { regions: [f.region.id] }]) {
      expect(pageStatement(filters, 'priceAsc', '', 24, 0).genericPlan).toBe(false);
      expect(pageStatement(filters, 'random', 'seed', 24, 0).genericPlan).toBe(false);
      expect(secondLapStatement(filters, 'seed', 24, 0, 0).genericPlan).toBe(false);
      expect(countStatement(filters).genericPlan).toBe(false);
    }
    // Words alone: their pages (the form chosen by the count) each named apart, on generic plans.
    for (const matchesFirst of [false, true]) {
      const page = pageStatement({ searchQuery: 'short' }, 'priceAsc', '', 24, 0, matchesFirst);
      expect(page.genericPlan).toBe(true);
      expect(page.name).toMatch(matchesFirst ? /:q:priceAsc:matches$/ : /:q:priceAsc$/);
      // The words go through the text index only in the form for few matches.
      expect(page.text.includes('ts_match_vq(')).toBe(!matchesFirst);
    }
    // Words with other filters: planned for their values, as their counts are.
    for (const filters of [{ searchQuery: 'short', categoryId: f.catA.id }, { searchQuery: 'short', regions: [f.region.id] }, { searchQuery: 'short', subCategoryIds: [f.subA1.id] }]) {
      for (const matchesFirst of [false, true]) {
        const page = pageStatement(filters, 'newest', '', 24, 0, matchesFirst);
        expect(page).toMatchObject({ name: null, genericPlan: false });
        expect(page.text).not.toContain('ts_match_vq(');
      }
    }
    expect(countStatement({ searchQuery: 'short' })).toMatchObject({ name: null, genericPlan: false });
  });

  it('gives every distinct statement text a name of its own (a pooled connection keeps a name\'s first text)', () => {
    const textsByName = new Map<string, Set<string>>();
    const sorts: SortOption[] = ['newest', 'oldest', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc', 'random'];
    for (let bits = 0; bits < 16; bits++) {
      const filters: SearchFilters = {
        ...(bits & 1 ? { categoryId: f.catA.id } : {}), ...(bits & 2 ? { subCategoryIds: [f.subA1.id, f.subA2.id] } : {}),
        ...(bits & 4 ? { regions: [f.region.id] } : {}), ...(bits & 8 ? { searchQuery: 'short' } : {}),
      };
      const statements = [countStatement(filters), ...sorts.flatMap((sort) => [false, true].map((m) => pageStatement(filters, sort, 'seed', 24, 0, m))),
        secondLapStatement(filters, 'seed', 24, 0, 0), secondLapStatement(filters, 'seed', 24, 48, 0)];
      for (const statement of statements) {
        if (statement.name === null) continue;
        const texts = textsByName.get(statement.name) ?? new Set<string>();
        texts.add(statement.text);
        textsByName.set(statement.name, texts);
      }
    }
    expect(textsByName.size).toBeGreaterThan(100);
    for (const [name, texts] of textsByName) expect(texts.size, name).toBe(1);
  });

  it('counts the public listings for that choice once per TTL, with every cache off, and not for a word nothing matches', async () => {
    const sent: Statement[] = [];
    let clock = Date.parse('2026-11-24T12:00:00Z');
    const off = listingSearch({
      ...t.deps,
      clock: () => new Date(clock),
      config: { ...t.deps.config, searchCache: { ...t.deps.config.searchCache, enabled: false, totals: false, ttlMs: 30_000 } },
      rawQuery: async <Row,>(statement: Statement) => {
        sent.push(statement);
        return t.deps.rawQuery<Row>(statement);
      },
    });
    const publicCounts = () => sent.filter((s) => s.text === countStatement({}).text).length;
    await off.search(searchBody.parse({ searchQuery: 'zyxwvu' }));
    expect(publicCounts()).toBe(0);
    // One word by date reads listing_words (tests/server/listing-words.test.ts): no choice to make.
    await off.search(searchBody.parse({ searchQuery: 'short' }));
    expect(publicCounts()).toBe(0);
    for (let i = 0; i < 3; i++) await off.search(searchBody.parse({ searchQuery: 'short', sortBy: 'priceAsc', pageNumber: i + 1, pageSize: 2 }));
    expect(publicCounts()).toBe(1);
    clock += 31_000;
    // Plain words by date may walk listing_words too; by price the choice is made again.
    await off.search(searchBody.parse({ searchQuery: 'short text', sortBy: 'priceAsc' }));
    expect(publicCounts()).toBe(2);
  });

  it('reads a text search\'s matches first when that reads fewer rows than walking to the page\'s end', () => {
    // Page 1 of 24 on 100,000 listings: the break-even is √(0.6 × 100,000 × 24) = 1,200 matches.
    expect(readsMatchesFirst(1_200, 100_000, 24)).toBe(true);
    expect(readsMatchesFirst(1_714, 100_000, 24)).toBe(false);
    expect(readsMatchesFirst(14_453, 100_000, 24)).toBe(false);
    // The last page of 2,001 matches: walking would read nearly the whole index.
    expect(readsMatchesFirst(2_001, 100_000, 2_001)).toBe(true);
    expect(readsMatchesFirst(5, 10, 24)).toBe(true);
  });
});
