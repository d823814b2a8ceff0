import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/domain/listings';
import { loadConfig } from '../../server/config';
import { companies, listings } from '../../server/db/schema';
import type { Statement } from '../../server/db/raw';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import { andLexemesOf, countStatement, lexemesOf, MAX_WALK_LEXEMES, pageStatement, walkedLexemes, wordBranchesOf, wordsPageStatement, wordWalk, type WordSort } from '../../server/modules/listings/search-sql';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

// listing_words (migration 0018): the text index by date that one-word searches sorted by date
// read. It must hold exactly the lexemes of the public listings after every kind of write, and a
// page read from it must be the page the tsvector search gives, byte for byte.

let t: TestApp;
/** A page statement's cards as the answer holds them: the rows' texts, comma-separated. */
const pageText = async (statement: Statement) => String((await t.deps.rawCards(statement)).json ?? '');
let f: Awaited<ReturnType<typeof listingFixture>>;

beforeAll(async () => {
  const { searchCache } = loadConfig({});
  // Answers not cached (each request reads its page); totals cached as deployed.
  t = await createTestApp({ searchCache: { ...searchCache, enabled: false } });
  f = await listingFixture(t);
  const texts: [string, string, string][] = [
    ['Live music for weddings', 'Band and DJ', '<p>Music all night, <b>dance</b> floor</p>'],
    ['Musikk til bryllupet', 'Levende musikk og dans', '<p>Vi spiller på bryllup og fest</p>'],
    ['Fotograf i Bergen', 'Bryllupsfotograf', '<p>Portretter og bryllup</p>'],
    ['Catering for 100', 'Buffet and dinner', '<p>Music-free dinners; e-post oss</p>'],
    ['Bröllopsfotograf i Östersund', 'Fotografering', '<p>Chaufför och musik</p>'],
    ['Photographer', 'Photos of your wedding', '<p>The photographer who knows music</p>'],
  ];
  // Twelve of each, interleaved in time, so pages of 4 cross each other's rows.
  for (let round = 0; round < 12; round += 1) {
    for (const [name, shortDescription, description] of texts) await f.add({ name: `${name} ${round}`, shortDescription, description });
  }
  // Not public: their words must never be found.
  await f.add({ name: 'Pending music', status: 100 });
  await f.add({ name: 'Inactive music', isActive: false });
  await f.add({ name: 'Hidden company music', companyId: f.hiddenCompany.id, isActive: false });
});
afterAll(() => t.close());

/** Rows of listing_words that the public listings' `search` does not give, and the other way round. */
async function wordsOutOfStep(): Promise<number> {
  const [row] = await t.deps.rawQuery<{ n: number }>({
    name: null,
    values: [],
    text: `with expected as (
        select w as lexeme, l.created_at, l.id as listing_id from listings l, unnest(tsvector_to_array(l.search)) w
        where l.status in (200, 400) and l.is_active),
      held as (select lexeme::text, created_at, listing_id from listing_words)
      select ((select count(*) from (select * from expected except all select * from held) a)
        + (select count(*) from (select * from held except all select * from expected) b))::int as n`,
  });
  return row!.n;
}

/** The public listings whose `search` the words match, counted through the tsvector. */
async function tsvectorCount(words: string): Promise<number> {
  const [row] = await t.deps.rawQuery<{ n: number }>({
    name: null, values: [words],
    text: `select count(*)::int as n from listings where status in (200, 400) and is_active
      and search @@ (websearch_to_tsquery('norwegian', $1) || websearch_to_tsquery('english', $1))`,
  });
  return row!.n;
}

const lexemesFor = async (searchQuery: string) => {
  const [row] = await t.deps.rawQuery<{ n: number; words: string[] | null }>(countStatement({ searchQuery }));
  return lexemesOf(row!.words);
};

/** POST /listing/search through the app, expecting 200. */
async function searchThroughApi(body: Record<string, unknown>): Promise<SearchResponse> {
  const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: { pageSize: 5, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}

/**
 * Pages of 4 read from listing_words for `branches` at six offsets, each checked against the
 * tsvector search's page of `searchQuery`, byte for byte: how many were not empty.
 */
async function walkedPagesEqualTsvector(branches: readonly (readonly string[])[], searchQuery: string, sort: WordSort): Promise<number> {
  let read = 0;
  for (const offset of [0, 4, 8, 12, 36, 200]) {
    const walked = await pageText(wordsPageStatement(branches, sort, 4, offset));
    const tsvector = await pageText(pageStatement({ searchQuery }, sort, '', 4, offset, true));
    expect(walked, `${searchQuery} at ${offset}`).toBe(tsvector);
    read += walked === '' ? 0 : 1;
  }
  return read;
}

/** An odd search answered through the app: a 400 for a NUL, else the tsvector search's total and first page of 7. */
async function answersAsTsvector(searchQuery: string, sortBy: WordSort): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: { searchQuery, sortBy, pageSize: 7 } });
  if (searchQuery.includes('\u0000')) {
    expect(res.statusCode, searchQuery).toBe(400);
    return;
  }
  expect(res.statusCode, `${searchQuery}: ${res.body}`).toBe(200);
  const answer = res.json() as SearchResponse;
  const trimmed = searchQuery.trim();
  expect(answer.totalCount, searchQuery).toBe(await tsvectorCount(trimmed));
  const page = await pageText(pageStatement({ searchQuery: trimmed }, sortBy, '', 7, 0, true));
  expect(JSON.stringify(answer.listings), searchQuery).toBe(`[${page}]`);
}

describe('the lexemes of a search', () => {
  it('are found for one plain word, in either configuration, and for nothing more', async () => {
    expect(await lexemesFor('music')).toEqual(['music']);
    expect(await lexemesFor('MUSIKK')).toEqual(['musikk']);
    // Norwegian and English stems differ: both are searched.
    expect((await lexemesFor('weddings'))?.sort()).toEqual(['wed', 'wedding']);
    expect(await lexemesFor('Östersund')).toEqual(['östersund']);
    expect(await lexemesFor('"music"')).toEqual(['music']);
    // A stop word in one configuration: the other's lexeme alone.
    expect(await lexemesFor('og')).toEqual(['og']);
    // Stop words in both: nothing to search.
    expect(await lexemesFor('i')).toEqual([]);
    for (const more of ['live music', 'music -dance', '-music', 'music or dance', '"live music"', 'e-post', 'music-free']) {
      expect(await lexemesFor(more), more).toBeNull();
    }
  });

  it('are walked alone when one of two is held by every match', () => {
    expect(walkedLexemes(['catering', 'cater'], [4850, 8025], 8025)).toEqual(['cater']);
    expect(walkedLexemes(['wedding', 'wed'], [30, 30], 30)).toEqual(['wedding']);
    expect(walkedLexemes(['catering', 'cater'], [4850, 8025], 8030)).toEqual(['catering', 'cater']);
    expect(walkedLexemes(['music'], [5], 5)).toEqual(['music']);
    expect(walkedLexemes(null, [5, 5], 5)).toBeNull();
    for (const held of [null, undefined, [5], [5, 5, 5], '5,5', { 0: 5, 1: 5 }]) expect(walkedLexemes(['a', 'b'], held, 5), JSON.stringify(held)).toEqual(['a', 'b']);
  });

  it('are taken only as countStatement gives them: one or two non-empty texts', () => {
    expect(lexemesOf(['music'])).toEqual(['music']);
    expect(lexemesOf(['wed', 'wedding'])).toEqual(['wed', 'wedding']);
    expect(lexemesOf([])).toEqual([]);
    for (const bad of [null, undefined, 'music', ['a', 'b', 'c'], [''], [1], [null], { 0: 'a' }]) expect(lexemesOf(bad), JSON.stringify(bad)).toBeNull();
  });

  it('are read back by PostgreSQL, quotes and backslashes included', async () => {
    // The parser never makes such lexemes from words; tsquery's own syntax can, so the reading back is checked on it.
    const [row] = await t.deps.rawQuery<{ words: string[] }>({
      name: null, values: [],
      text: `select tsvector_to_array((q::text || ' ' || q::text)::tsvector) as words from (select $$'it''s\\\\a'$$::tsquery as q) x`,
    });
    expect(row!.words).toEqual(["it's\\a"]);
  });
});

describe('a one-word page read from listing_words', () => {
  const sorts: WordSort[] = ['newest', 'oldest'];
  for (const sort of sorts) {
    it(`is the tsvector search's page, byte for byte: ${sort}`, async () => {
      const narrowed = new Set<string>();
      for (const word of ['music', 'musikk', 'bryllup', 'fotograf', 'weddings', 'östersund', 'og', 'photographer', 'dinner']) {
        const lexemes = (await lexemesFor(word))!;
        expect(lexemes.length, word).toBeGreaterThan(0);
        // Counted from listing_words: the tsvector's count.
        const [counted] = await t.deps.rawQuery<{ n: number }>(countStatement({ searchQuery: word }));
        expect(counted!.n, word).toBe(await tsvectorCount(word));
        expect(await walkedPagesEqualTsvector(lexemes.map((l) => [l]), word, sort), word).toBeGreaterThan(1);
        // Where one of two lexemes is held by every match, its walk alone is the same page.
        const [held] = await t.deps.rawQuery<{ held: unknown }>(countStatement({ searchQuery: word }));
        const walked = walkedLexemes(lexemes, held!.held, counted!.n)!;
        if (walked.length < lexemes.length) narrowed.add(word);
        expect(await walkedPagesEqualTsvector(walked.map((l) => [l]), word, sort), word).toBeGreaterThan(1);
      }
      // 'weddings' and 'dinner': every listing holding one configuration's lexeme holds the other's too.
      expect([...narrowed]).toEqual(['weddings', 'dinner']);
    });
  }

  it('is what POST /listing/search answers for one word by date, and the other sorts and longer searches still read the tsvector', async () => {
    const search = searchThroughApi;
    const byDate = await search({ searchQuery: 'Music', pageNumber: 2 });
    // 12 × 'Live music', 'Catering' (music-free) and 'Photographer' ('musik' in Swedish is not 'music').
    expect(byDate.totalCount).toBe(36);
    const expected = await pageText(pageStatement({ searchQuery: 'Music' }, 'newest', '', 5, 5, true));
    expect(JSON.stringify(byDate.listings)).toBe(`[${expected}]`);
    // Which way a page was read, seen through a row only listing_words holds: the newest public
    // listing without 'music' entered under 'music', so only a page read from it shows that one.
    const [marker] = await t.deps.db.select({ id: listings.id, createdAt: listings.createdAt }).from(listings)
      .where(sql`${listings.status} in (200, 400) and ${listings.isActive} and not ${listings.search} @@ 'music'::tsquery`)
      .orderBy(sql`${listings.createdAt} desc`).limit(1);
    await t.deps.db.execute(sql`insert into listing_words values ('music', ${marker!.createdAt}, ${marker!.id})`);
    const fromWords = (answer: SearchResponse) => answer.listings.some((card) => card.id === marker!.id);
    try {
      expect(fromWords(await search({ searchQuery: 'music' }))).toBe(true);
      expect(fromWords(await search({ searchQuery: 'music', sortBy: 'oldest', pageNumber: 8 }))).toBe(true);
      for (const body of [{ searchQuery: 'music', sortBy: 'priceDesc' }, { searchQuery: 'music', sortBy: 'random', seed: 'x' }, { searchQuery: '"live music"' }, { searchQuery: 'music', categoryId: f.catA.id }]) {
        const answer = await search({ ...body, pageSize: 96 });
        expect(answer.totalCount, JSON.stringify(body)).toBeGreaterThan(0);
        expect(fromWords(answer), JSON.stringify(body)).toBe(false);
      }
    } finally {
      await t.deps.db.execute(sql`delete from listing_words where listing_id = ${marker!.id} and lexeme = 'music'`);
    }
    expect(await wordsOutOfStep()).toBe(0);
    // A word nothing public holds: counted, no page.
    expect(await search({ searchQuery: 'pending' })).toMatchObject({ totalCount: 0, listings: [] });
  });

  it('answers odd and hostile words as the tsvector search does', async () => {
    const odd = ['music:*', 'music:A', "'music'", '\\', '!', '<->', '(music)', 'music&', '🎉', 'a:1A', '""', 'ÆØÅ', "x'y",
      'Music ', 'og', 'i', 'a'.repeat(200), 'musikk\u0000', '%', '_', 'MUSIC', 'müsic'];
    for (const searchQuery of odd) await answersAsTsvector(searchQuery, 'newest');
  });

  it('never shows a listing that is not public, even if the index held one', async () => {
    // A stale row (say, restored from a dump without the trigger) is filtered out, not shown.
    const [pending] = await t.deps.db.select({ id: listings.id, createdAt: listings.createdAt }).from(listings).where(eq(listings.name, 'Pending music'));
    await t.deps.db.execute(sql`insert into listing_words values ('music', ${pending!.createdAt}, ${pending!.id})`);
    try {
      const page = await pageText(wordsPageStatement([['music']], 'newest', 100, 0));
      expect(page).not.toContain(pending!.id);
      expect(page).toContain('Live music');
    } finally {
      await t.deps.db.execute(sql`delete from listing_words where listing_id = ${pending!.id}`);
    }
  });

  it('takes one or two branches of 1 to MAX_WALK_LEXEMES lexemes', () => {
    expect(() => wordsPageStatement([], 'newest', 4, 0)).toThrow();
    expect(() => wordsPageStatement([['a'], ['b'], ['c']], 'newest', 4, 0)).toThrow();
    expect(() => wordsPageStatement([['a'], []], 'newest', 4, 0)).toThrow();
    expect(() => wordsPageStatement([['a', 'b', 'c', 'd', 'e']], 'newest', 4, 0)).toThrow();
    expect(wordsPageStatement([['a']], 'oldest', 4, 8).values).toEqual([4, 8, 'a']);
    expect(wordsPageStatement([['a'], ['b']], 'newest', 4, 0).name).toBe('listing-search-page:words:1+1:newest');
    expect(wordsPageStatement([['a', 'b'], ['c', 'd', 'e']], 'oldest', 4, 0)).toMatchObject({
      name: 'listing-search-page:words:2+3:oldest', values: [4, 0, 'a', 'b', 'c', 'd', 'e'], genericPlan: true,
    });
  });
});

/** The count statement's two tsqueries for some words, as listing_words walks them. */
const branchesFor = async (searchQuery: string) => {
  const [row] = await t.deps.rawQuery<{ n: number; qn: string; qe: string; nn: number; ne: number }>(countStatement({ searchQuery }));
  const branches = wordBranchesOf(row!.qn, row!.qe, row!.nn, row!.ne);
  // Each branch's matches are its tsquery's alone, and together they are the total.
  for (const b of branches ?? []) expect(b.matches, searchQuery).toBeLessThanOrEqual(row!.n);
  if (branches?.length) expect(branches.reduce((sum, b) => sum + b.matches, 0), searchQuery).toBeGreaterThanOrEqual(row!.n);
  return branches?.map((b) => b.lexemes) ?? null;
};

describe('several plain words read from listing_words', () => {
  it('are taken from a tsquery only when it is lexemes joined by &', () => {
    expect(andLexemesOf("'live' & 'music'")).toEqual(['live', 'music']);
    expect(andLexemesOf("'music' & 'music'")).toEqual(['music']);
    // PostgreSQL's tsquery text doubles quotes and backslashes inside a lexeme.
    expect(andLexemesOf("'it''s\\\\a' & 'b'")).toEqual(["it's\\a", 'b']);
    expect(andLexemesOf("'a'''")).toEqual(["a'"]);
    expect(andLexemesOf('')).toEqual([]);
    expect(andLexemesOf("'a' & 'b' & 'c' & 'd'")).toHaveLength(MAX_WALK_LEXEMES);
    for (const bad of ["'a' | 'b'", "'a' <-> 'b'", "'a' <2> 'b'", "!'a'", "'a' & !'b'", "'a':*", "'a':A", "'a' & 'b' & 'c' & 'd' & 'e'",
      "( 'a' | 'b' ) & 'c'", "'a' & ", "'a' &  'b'", "'a", 'a', "''", "'a' 'b'", "'a\\'", null, undefined, 1, ['a']]) {
      expect(andLexemesOf(bad), String(bad)).toBeNull();
    }
    const both = (qn: string, qe: string, nn = 3, ne = 4) => wordBranchesOf(qn, qe, nn, ne);
    expect(both("'liv' & 'music'", "'live' & 'music'")).toEqual([{ lexemes: ['liv', 'music'], matches: 3 }, { lexemes: ['live', 'music'], matches: 4 }]);
    expect(both("'music' & 'live'", "'live' & 'music'", 4, 4)).toEqual([{ lexemes: ['music', 'live'], matches: 4 }]);
    expect(both('', "'live' & 'music'", 0)).toEqual([{ lexemes: ['live', 'music'], matches: 4 }]);
    // A configuration that matches nothing is not walked.
    expect(both("'catering' & 'oslo'", "'cater' & 'oslo'", 0, 9)).toEqual([{ lexemes: ['cater', 'oslo'], matches: 9 }]);
    expect(both('', '', 0, 0)).toEqual([]);
    expect(both("'a' <-> 'b'", "'a' & 'b'")).toBeNull();
    for (const [nn, ne] of [[null, 1], [1, undefined], [-1, 1], [1.5, 1], ['1', 1]]) expect(wordBranchesOf("'a' & 'b'", "'a' & 'c'", nn, ne)).toBeNull();
  });

  it('are what websearch_to_tsquery makes of plain words, and nothing else', async () => {
    expect(await branchesFor('live music')).toEqual([['liv', 'music'], ['live', 'music']]);
    expect(await branchesFor('Musikk  BRYLLUP')).toEqual([['musikk', 'bryllup']]);
    expect(await branchesFor('live and music')).toEqual([['liv', 'and', 'music'], ['live', 'music']]);
    // websearch_to_tsquery has no prefix syntax: plain words too.
    expect(await branchesFor('music:* live')).toEqual([['music', 'liv'], ['music', 'live']]);
    for (const more of ['"live music"', 'music -dance', 'music or dance', 'e-post oss', 'a b c d e f']) {
      expect(await branchesFor(more), more).toBeNull();
    }
  });

  it('are walked when the words are often together, not when they are seldom together or the page is deep', () => {
    // 'live music' on the bench database: 'liv' & 'music' and 'live' & 'music' (3,750, 1,762 and
    // 1,094 entries) both match all 546: one branch is the answer, the one with fewer entries to read.
    const liv = { lexemes: ['liv', 'music'], held: [3750, 1762], matches: 546 };
    const live = { lexemes: ['live', 'music'], held: [1094, 1762], matches: 546 };
    expect(wordWalk([liv, live], 546, 24)).toEqual([['live', 'music']]);
    // Rarest first.
    expect(wordWalk([{ lexemes: ['vi', 'er', 'bergen'], held: [75_731, 69_063, 3191], matches: 2000 }], 2000, 24)).toEqual([['bergen', 'er', 'vi']]);
    // Deep, the walk reads nearly every entry: the matches are read and sorted instead.
    expect(wordWalk([liv, live], 546, 546)).toBeNull();
    // Neither branch holds all the matches: both are walked.
    expect(wordWalk([{ ...liv, matches: 500 }, { ...live, matches: 400 }], 546, 24)).toEqual([['music', 'liv'], ['live', 'music']]);
    // Few matches among many entries.
    expect(wordWalk([{ lexemes: ['bryllup', 'fotograf'], held: [14535, 5278], matches: 5 }], 5, 24)).toBeNull();
    // A branch with few of the matches would read far for them.
    expect(wordWalk([{ lexemes: ['catering', 'oslo'], held: [4850, 4736], matches: 3 }, { lexemes: ['cater', 'oslo'], held: [8025, 4736], matches: 1570 }], 1578, 24)).toBeNull();
    expect(wordWalk([{ lexemes: ['cater', 'oslo'], held: [8025, 4736], matches: 1578 }], 1578, 24)).toEqual([['oslo', 'cater']]);
    expect(wordWalk([{ lexemes: ['a'], held: [100], matches: 0 }], 0, 24)).toBeNull();
    expect(wordWalk([], 10, 24)).toBeNull();
  });

  const sorts: WordSort[] = ['newest', 'oldest'];
  for (const sort of sorts) {
    it(`is the tsvector search's page, byte for byte, whichever lexeme is walked: ${sort}`, async () => {
      const queries = ['live music', 'musikk bryllup', 'photographer music', 'photos wedding music', 'bryllup fotograf', 'dinner buffet',
        'levende musikk dans', 'music dj', 'og musikk', 'fotograf östersund'];
      for (const words of queries) {
        const branches = (await branchesFor(words))!;
        expect(branches?.length, words).toBeGreaterThan(0);
        let read = 0;
        for (const order of [branches, branches.map((b) => [...b].reverse())]) read += await walkedPagesEqualTsvector(order, words, sort);
        expect(read, words).toBeGreaterThan(1);
      }
    });
  }

  it('is what POST /listing/search answers for plain words by date; phrases and other sorts still read the tsvector', async () => {
    const search = searchThroughApi;
    const live = await search({ searchQuery: 'Live music', pageNumber: 2 });
    expect(live.totalCount).toBe(await tsvectorCount('Live music'));
    const expected = await pageText(pageStatement({ searchQuery: 'Live music' }, 'newest', '', 5, 5, true));
    expect(JSON.stringify(live.listings)).toBe(`[${expected}]`);
    // The newest public listing holding neither word, entered under both (and the Norwegian stem
    // 'liv') in listing_words: only a page walked there shows it.
    const [marker] = await t.deps.db.select({ id: listings.id, createdAt: listings.createdAt }).from(listings)
      .where(sql`${listings.status} in (200, 400) and ${listings.isActive} and not ${listings.search} @@ 'music | live | liv'::tsquery`)
      .orderBy(sql`${listings.createdAt} desc`).limit(1);
    await t.deps.db.execute(sql`insert into listing_words values ('music', ${marker!.createdAt}, ${marker!.id}), ('live', ${marker!.createdAt}, ${marker!.id}),
      ('liv', ${marker!.createdAt}, ${marker!.id})`);
    bumpCatalogue();
    const fromWords = (answer: SearchResponse) => answer.listings.some((card) => card.id === marker!.id);
    try {
      expect(fromWords(await search({ searchQuery: 'live music' }))).toBe(true);
      expect(fromWords(await search({ searchQuery: 'music LIVE' }))).toBe(true);
      for (const body of [{ searchQuery: 'live music', sortBy: 'nameAsc' }, { searchQuery: '"live music"' }, { searchQuery: 'live music', categoryId: f.catA.id }]) {
        const answer = await search({ ...body, pageSize: 96 });
        expect(answer.totalCount, JSON.stringify(body)).toBeGreaterThan(0);
        expect(fromWords(answer), JSON.stringify(body)).toBe(false);
      }
    } finally {
      await t.deps.db.execute(sql`delete from listing_words where listing_id = ${marker!.id} and lexeme in ('music', 'live', 'liv')`);
      bumpCatalogue();
    }
    expect(await wordsOutOfStep()).toBe(0);
  });

  it('answers odd and hostile words as the tsvector search does', async () => {
    const odd = ["it's music", "o'neil music", 'music music', 'live  MUSIC og', '\\ music', 'music \\\\ live', 'a b c d e f', "x'' y",
      'live&music', 'live|music', 'live !music', '🎉 music', 'bryllup fotograf', 'i og', 'live music'.repeat(20), 'live mu\u0000sic'];
    for (const searchQuery of odd) {
      for (const sortBy of ['newest', 'oldest'] as const) await answersAsTsvector(searchQuery, sortBy);
    }
  });
});

describe('listing_words kept in step by its trigger', () => {
  const count = async (lexeme: string) => {
    const [row] = await t.deps.rawQuery<{ n: number }>({ name: null, text: 'select count(*)::int as n from listing_words where lexeme = $1', values: [lexeme] });
    return row!.n;
  };

  it('after the fixture: exactly the public listings\' lexemes', async () => {
    expect(await count('music')).toBeGreaterThan(0);
    expect(await wordsOutOfStep()).toBe(0);
  });

  it('through text edits, status and company changes, a date change, and deletes', async () => {
    const row = await f.add({ name: 'Zither lessons', shortDescription: 'Strings' });
    expect(await count('zither')).toBe(1);
    // An update that leaves the words alone keeps its rows.
    await t.deps.db.update(listings).set({ price: 12345, version: 2 }).where(eq(listings.id, row.id));
    expect(await count('zither')).toBe(1);
    await t.deps.db.update(listings).set({ name: 'Harp lessons' }).where(eq(listings.id, row.id));
    expect([await count('zither'), await count('harp')]).toEqual([0, 1]);
    await t.deps.db.update(listings).set({ description: '<p>Also <i>zither</i></p>' }).where(eq(listings.id, row.id));
    expect(await count('zither')).toBe(1);
    await t.deps.db.update(listings).set({ createdAt: new Date('2030-01-01T00:00:00Z') }).where(eq(listings.id, row.id));
    expect(await wordsOutOfStep()).toBe(0);
    // Deactivated (a listing's status), then public again.
    await t.deps.db.update(listings).set({ status: 300 }).where(eq(listings.id, row.id));
    expect(await count('harp')).toBe(0);
    await t.deps.db.update(listings).set({ status: 400 }).where(eq(listings.id, row.id));
    expect(await count('harp')).toBe(1);
    // Its company deactivated: the company writes clear is_active on its listings.
    await t.deps.db.update(listings).set({ isActive: false }).where(eq(listings.companyId, f.company.id));
    expect(await count('harp')).toBe(0);
    expect(await wordsOutOfStep()).toBe(0);
    await t.deps.db.update(listings).set({ isActive: true }).where(eq(listings.companyId, f.company.id));
    expect(await count('harp')).toBe(1);
    await t.deps.db.delete(listings).where(eq(listings.id, row.id));
    expect(await count('harp')).toBe(0);
    expect(await wordsOutOfStep()).toBe(0);
    bumpCatalogue();
  });

  it('when a company is deleted with its listings (a cascade)', async () => {
    const [company] = await t.deps.db.insert(companies).values({ name: 'Short-lived AS', status: 100 }).returning();
    await f.add({ name: 'Yodel workshop', companyId: company!.id });
    expect(await count('yodel')).toBe(1);
    await t.deps.db.delete(companies).where(eq(companies.id, company!.id));
    expect(await count('yodel')).toBe(0);
    expect(await wordsOutOfStep()).toBe(0);
    bumpCatalogue();
  });

  it('when a write is rolled back: nothing of it stays', async () => {
    await t.deps.db.transaction(async (tx) => {
      await tx.insert(listings).values({ companyId: f.company.id, name: 'Kazoo band', categoryId: f.catA.id, status: 200 });
      tx.rollback();
    }).catch(() => undefined);
    expect(await count('kazoo')).toBe(0);
  });

  // Last: it empties the table for the rest of this file.
  it('when listings are truncated', async () => {
    await t.deps.db.execute(sql`truncate listings cascade`);
    expect(await count('music')).toBe(0);
    await f.add({ name: 'After the truncate' });
    expect(await count('truncat')).toBe(1);
    expect(await wordsOutOfStep()).toBe(0);
    bumpCatalogue();
  });
});
