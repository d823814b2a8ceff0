import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { CategorySearchResult, SearchResponse, SortDirection, SortOption } from '../../../src/domain/listings';
import { categories, listings } from '../../db/schema';
import type { CardRun, RawCards } from '../../db/raw';
import type { AppDeps } from '../../deps';
import { byName } from '../../lib/sort';
import { isPublic, textMatch } from './queries';
import { resolveSort, type SearchBody } from './schemas';
import { type CountedBranch, countStatement, isWordSort, lexemeCountsStatement, lexemesOf, pageStatement, readsMatchesFirst, secondLapStatement, type SearchFilters, textAlone, walkedLexemes, wordBranchesOf, wordWalk, wordsPageStatement } from './search-sql';
import { SearchCache } from './search-cache';

/** JSON text as UTF-8 in a buffer of its own (Buffer.from pools short ones in shared 8 KB slabs, which a cached entry would keep alive). */
function encode(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const NO_CARDS: Buffer[] = [];
const COMMA = 0x2c;

/**
 * A filter's exact total; for a text search its lexemes when the words are one word (`lexemesOf`),
 * and when they are several plain words, what listing_words can walk (`wordBranchesOf`): each
 * configuration's lexemes, how many listings hold each, and how many match them all.
 */
interface Counted {
  n: number;
  lexemes: string[] | null;
  branches?: CountedBranch[];
}

/** A Counted's size in a cache: its key is most of it. */
const countedSize = (c: Counted) => 16 + [...(c.lexemes ?? []), ...(c.branches?.flatMap((b) => b.lexemes) ?? [])].reduce((sum, l) => sum + 2 * l.length + 16, 0);

/**
 * `head`, the runs of cards separated by commas, then `tail`, in a buffer of its own: the cards are
 * never decoded (and the database's bytes are views of larger socket reads, which a cached answer
 * must not keep).
 */
function spliceCards(head: string, cards: readonly Buffer[], tail: string): Buffer {
  const headLength = Buffer.byteLength(head);
  const cardsLength = cards.reduce((sum, card) => sum + card.length, Math.max(0, cards.length - 1));
  const bytes = Buffer.allocUnsafeSlow(headLength + cardsLength + Buffer.byteLength(tail));
  bytes.write(head);
  let at = headLength;
  cards.forEach((card, i) => {
    if (i > 0) bytes[at++] = COMMA;
    at += card.copy(bytes, at);
  });
  bytes.write(tail, at);
  return bytes;
}

/** A run's cards as spliceCards takes them: one buffer of cards joined by commas, or none. */
const cardsOf = (run: CardRun): Buffer[] => (run.json ? [run.json] : NO_CARDS);

/**
 * A page's cards (pageStatement), and for a walked random page that its first lap left short, the
 * rest from the second lap. Reading both laps in one statement read and sorted two full pages,
 * every card twice, where a page past the first lap's end is rare: with 24 a page, page p reaches
 * it for about p × 24 of every 100,000 seeds' points on as many listings.
 */
export async function readPage(queryCards: RawCards, filters: SearchFilters, sort: SortOption, seed: string, limit: number, offset: number, matchesFirst: boolean): Promise<Buffer[]> {
  const first = await queryCards(pageStatement(filters, sort, seed, limit, offset, matchesFirst));
  if (sort !== 'random' || matchesFirst || first.count >= limit) return cardsOf(first);
  const second = await queryCards(secondLapStatement(filters, seed, limit - first.count, offset, first.count));
  return [...cardsOf(first), ...cardsOf(second)];
}

/** The filters of a search in a normal form: equal filters give equal keys, whatever their spelling. */
function filterKey(body: SearchBody): string {
  const set = (ids: string[] | undefined) => (ids?.length ? [...new Set(ids)].sort() : null);
  return JSON.stringify([body.categoryId ?? null, set(body.subCategoryIds), set(body.regions), body.searchQuery || null]);
}

/**
 * POST /listing/search and GET /listing/search/categories, answered as UTF-8 JSON from the cache
 * when possible. Totals are exact and cached per filter (without sort or page, separately from
 * the answers: `SEARCH_TOTALS_CACHE`), so paging or re-sorting a query counts once, and a search
 * whose answer is not cached still reads only its page when its filter was counted before.
 */
export function listingSearch(deps: AppDeps) {
  const { db } = deps;
  const query = deps.rawQuery;
  const queryCards = deps.rawCards;
  const { enabled, totals: totalsEnabled, ttlMs, maxEntries, maxBytes } = deps.config.searchCache;
  const now = () => deps.clock().getTime();
  // Answers are kept UTF-8 encoded: a hit is written as is, without encoding ~15 KB again.
  const answers = new SearchCache<Buffer>({ maxEntries: enabled ? maxEntries : 0, maxBytes, ttlMs }, (b) => b.length, now);
  // A total is a number (and its words' lexemes); its key is most of its size.
  const totals = new SearchCache<Counted>({ maxEntries: totalsEnabled ? maxEntries * 5 : 0, maxBytes: maxBytes / 16, ttlMs },
    countedSize, now);

  // How many listings are public, for choosing how a text search's page is read: an estimate is
  // enough, so it is kept for the TTL even with the caches off (emptied on a catalogue write too).
  const publicListings = new SearchCache<number>({ maxEntries: 1, maxBytes: 64, ttlMs }, () => 16, now);
  const publicListingCount = () => publicListings.getOrLoad('public', async () => {
    const [row] = await query<{ n: number }>(countStatement({}));
    return row?.n ?? 0;
  });

  /** A filter's total, and for words what listing_words can walk (Counted). */
  async function countAll(body: SearchBody): Promise<Counted> {
    const [row] = await query<{ n: number; words?: unknown; qn?: unknown; qe?: unknown; nn?: unknown; ne?: unknown; held?: unknown }>(countStatement(body));
    const n = row?.n ?? 0;
    const counted: Counted = { n, lexemes: walkedLexemes(lexemesOf(row?.words), row?.held, n) };
    const branches = counted.lexemes || !counted.n ? null : wordBranchesOf(row?.qn, row?.qe, row?.nn, row?.ne);
    if (branches?.length) {
      // Several words: how many listings hold each lexeme says how far a walk would read.
      const held = new Map((await query<{ lexeme: string; n: number }>(lexemeCountsStatement([...new Set(branches.flatMap((b) => b.lexemes))])))
        .map((r) => [r.lexeme, r.n]));
      counted.branches = branches.map((b) => ({ ...b, held: b.lexemes.map((l) => held.get(l) ?? 0) }));
    }
    return counted;
  }

  /** A search's answer read from the database (the answers' cache aside). */
  async function answer(body: SearchBody, sortBy: SortOption, sortDirection: SortDirection, seed: string | null, filters: string): Promise<Buffer> {
    const { pageNumber, pageSize } = body;
    const offset = (pageNumber - 1) * pageSize;
    const readCards = (matchesFirst: boolean) => readPage(queryCards, body, sortBy, seed ?? '', pageSize, offset, matchesFirst);
    const known = totals.get(filters);
    let totalCount: number;
    let cards: Buffer[];
    if (body.searchQuery) {
      // A text search is counted first: the count says whether the words are one word or a few
      // plain words (read by date from listing_words), and how many rows they match against all
      // public listings decides how any other page is read (readsMatchesFirst, wordWalk); words
      // nothing matches need no page query at all.
      const counted = known ?? await totals.getOrLoad(filters, () => countAll(body));
      totalCount = counted.n;
      const { lexemes } = counted;
      const walk = textAlone(body) && counted.branches && isWordSort(sortBy) ? wordWalk(counted.branches, totalCount, offset + pageSize) : null;
      if (offset >= totalCount) cards = NO_CARDS;
      else if (textAlone(body) && lexemes?.length && isWordSort(sortBy)) {
        cards = cardsOf(await queryCards(wordsPageStatement(lexemes.map((l) => [l]), sortBy, pageSize, offset)));
      } else if (walk && isWordSort(sortBy)) {
        cards = cardsOf(await queryCards(wordsPageStatement(walk, sortBy, pageSize, offset)));
      } else cards = await readCards(readsMatchesFirst(totalCount, await publicListingCount(), offset + pageSize));
    } else if (known !== undefined) {
      // A known total spares the page query past the end.
      [totalCount, cards] = [known.n, offset < known.n ? await readCards(false) : NO_CARDS];
    } else {
      // An unknown one is counted beside the page (two statements in flight at once).
      const [counted, page] = await Promise.all([totals.getOrLoad(filters, () => countAll(body)), readCards(false)]);
      [totalCount, cards] = [counted.n, page];
    }
    const totalPages = Math.ceil(totalCount / pageSize);
    const rest: Omit<SearchResponse, 'listings'> = {
      totalCount, totalPages, hasNextPage: pageNumber < totalPages, hasPreviousPage: pageNumber > 1,
      sortBy, sortDirection, pageNumber, pageSize, seed,
    };
    // SearchResponse with the cards' JSON from PostgreSQL spliced in as the first field: the text
    // JSON.stringify would write for the whole object.
    return spliceCards('{"listings":[', cards, `],${JSON.stringify(rest).slice(1)}`);
  }

  function search(body: SearchBody): Promise<Buffer> {
    const { sortBy, sortDirection } = resolveSort(body);
    // A random order without a seed gets one, returned so the next pages keep the same order.
    const generated = body.seed === undefined && sortBy === 'random';
    const seed = body.seed ?? (generated ? randomBytes(6).toString('hex') : null);
    const filters = filterKey(body);
    // A freshly generated seed is never asked for again on page 1: caching it would only evict others.
    if (generated || !answers.keeps) return answer(body, sortBy, sortDirection, seed, filters);
    // The seed is part of the answer (echoed for every sort), so it is part of the key.
    return answers.getOrLoad(JSON.stringify(['search', filters, sortBy, seed, body.pageNumber, body.pageSize]),
      () => answer(body, sortBy, sortDirection, seed, filters));
  }

  async function categoryCounts(searchQuery: string): Promise<Buffer> {
    return answers.getOrLoad(JSON.stringify(['categories', searchQuery]), async () => {
      const rows = await db.select({ categoryId: categories.id, categoryName: categories.name, imageUri: categories.imageUri, sortOrder: categories.sortOrder, listingCount: count() })
        .from(listings).innerJoin(categories, eq(categories.id, listings.categoryId))
        .where(and(isPublic, searchQuery ? textMatch(searchQuery) : undefined))
        .groupBy(categories.id);
      const categoryResults = rows
        .filter((r) => r.listingCount > 0)
        .sort((a, b) => b.listingCount - a.listingCount || a.sortOrder - b.sortOrder || byName({ name: a.categoryName }, { name: b.categoryName }))
        .map((r) => ({ categoryId: r.categoryId, categoryName: r.categoryName, listingCount: r.listingCount, imageUri: r.imageUri }));
      const result: CategorySearchResult = { searchQuery, totalListings: categoryResults.reduce((sum, r) => sum + r.listingCount, 0), categoryResults };
      return encode(JSON.stringify(result));
    });
  }

  return { search, categoryCounts, answers, totals };
}
