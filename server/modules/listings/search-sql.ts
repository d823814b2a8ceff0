import { createHash } from 'node:crypto';
import type { SortOption } from '../../../src/domain/listings';
import type { Statement } from '../../db/raw';

/**
 * The SQL of POST /listing/search as fixed texts with $n parameters, one per filter shape (which
 * filters are present) and sort, so PostgreSQL can keep each as a named prepared statement per
 * pooled connection. No user value is ever part of a text. A page comes back as its cards' JSON,
 * stored whole with each listing, joined in the page's order into one row, so Node neither decodes
 * rows nor encodes cards (bench/README.md, "Cold search after prepared statements and JSON from
 * PostgreSQL", "Cards' JSON written with the row", "Session 17" and "Session 23").
 */

export interface SearchFilters {
  categoryId?: string;
  subCategoryIds?: string[];
  regions?: string[];
  searchQuery?: string;
}

/**
 * Public rows, in the text of the partial indexes' predicate (server/db/schema/listings.ts,
 * PUBLIC_LISTING) on alias `l`, so the planner matches them.
 */
const IS_PUBLIC = 'l.status in (200, 400) and l.is_active';

/**
 * How a text search's condition is written. 'planned': for a plan made for the words (the count,
 * and pages with other filters too). For a generic plan (words alone), 'matches': the text index
 * finds the matches (few); 'scan': each row read in the sort's order is tested, never through the
 * text index (many). Both build the words' query once per run (an InitPlan), not once per row.
 */
type TextForm = 'planned' | 'matches' | 'scan';

/**
 * The words' tsquery in one configuration. The search matches both (Norwegian and English stems),
 * and a one-word search's lexemes (`wordsOf`) must come from the very same two.
 */
const tsquery = (config: 'norwegian' | 'english', query: string) => `websearch_to_tsquery('${config}'::regconfig, ${query})`;

/** The WHERE of a filter shape, its parameters numbered from `first`, and a key naming the shape. */
function whereFor(filters: SearchFilters, first: number, textForm: TextForm = 'planned'): { text: string; values: unknown[]; shape: string } {
  const parts = [IS_PUBLIC];
  const values: unknown[] = [];
  let shape = '';
  const param = (value: unknown) => {
    values.push(value);
    return `$${first + values.length - 1}`;
  };
  if (filters.categoryId) {
    parts.push(`l.category_id = ${param(filters.categoryId)}::uuid`);
    shape += 'c';
  }
  if (filters.subCategoryIds?.length) {
    parts.push(`l.sub_category_id = any(${param(filters.subCategoryIds)}::uuid[])`);
    shape += 's';
  }
  if (filters.regions?.length) {
    // A region's id, a county's id, or (for a region) one of its counties: a fylke/län finds every kommune in it.
    const ids = `${param(filters.regions)}::uuid[]`;
    parts.push(`(l.region_ids && ${ids} or l.county_ids && ${ids} or l.county_ids && array(select co.id from counties co where co.region_id = any(${ids})))`);
    shape += 'r';
  }
  if (filters.searchQuery) {
    // Both configurations: Norwegian and English stems.
    const query = `${param(filters.searchQuery)}::text`;
    const words = `${tsquery('norwegian', query)} || ${tsquery('english', query)}`;
    // ts_match_vq is what @@ runs; called by name, the planner cannot take the text index for it.
    parts.push(textForm === 'planned' ? `l.search @@ (${words})`
      : textForm === 'matches' ? `l.search @@ (select ${words})`
        : `ts_match_vq(l.search, (select ${words}))`);
    shape += 'q';
  }
  return { text: parts.join(' and '), values, shape: shape || 'all' };
}

/**
 * Whether a count is prepared by name. A text search's is not: its plan rests on how many rows the
 * words match (14,000 of 100,000 bench listings for 'bryllup', a handful for a rare word), which
 * only a plan made for the words can estimate.
 */
const preparable = (filters: SearchFilters) => !filters.searchQuery;

/**
 * A text search alone (no other filter) has pages on generic plans: the count has chosen their
 * form (readsMatchesFirst), and each form is written so that its generic plan is the intended one.
 * With other filters too, their sizes and the words' together decide the best plan: those pages
 * stay unnamed and are planned for their values.
 */
export const textAlone = (filters: SearchFilters) => Boolean(filters.searchQuery) && !filters.categoryId
  && !filters.subCategoryIds?.length && !filters.regions?.length;

/**
 * A search's words as their distinct lexemes when they are one plain word, else null. `qn`/`qe`
 * are the words' Norwegian and English tsqueries: each has at most one node (a lexeme, or none
 * for a stop word) exactly when the words are one plain word in both, and then `search @@ (qn ||
 * qe)` holds exactly for the rows holding one of those lexemes, which listing_words finds by date.
 * Anything more (two words, a phrase, a hyphenated word the parser splits, a negation) has more
 * nodes. A one-node tsquery's text ('music', quotes inside doubled) is also a tsvector's, so
 * PostgreSQL itself reads the lexemes back out of it.
 */
const wordsOf = (query: string) =>
  `(select case when numnode(q.qn) <= 1 and numnode(q.qe) <= 1 then tsvector_to_array((q.qn::text || ' ' || q.qe::text)::tsvector) end`
  + ` from (select ${tsquery('norwegian', query)} as qn, ${tsquery('english', query)} as qe) q)`;

/**
 * The exact number of public listings matching the filters: `[{ n }]`. A text search alone (no
 * other filter) also has `words`, its lexemes when it is one word (else null), and one word is
 * counted from listing_words' index (an index-only count of its entries, where the tsvector's
 * count visits every matching row); `qn`/`qe`, the words' two tsqueries as text; and for words
 * that are not one word, `nn`/`ne`, how many of the matches each tsquery matches (else null).
 */
export function countStatement(filters: SearchFilters): Statement {
  const where = whereFor(filters, 1);
  const name = preparable(filters) ? `listing-search-count:${where.shape}` : null;
  const count = `select count(*)::int as n from listings l where ${where.text}`;
  if (!textAlone(filters)) return { name, text: count, values: where.values, genericPlan: where.shape === 'all' };
  // The words are the WHERE's only parameter. Only the branch taken runs: each subquery is run
  // when its value is first needed. Words that are not one word are counted through the tsvector,
  // in one pass with how many rows each configuration's tsquery matches alone (`nn`, `ne`): a
  // walk through listing_words (`wordWalk`) skips a configuration that matches nothing and
  // needs each one's share to know how far its walk goes. `offset 0` keeps that count one
  // subquery, run once, however often its array is read.
  const words = wordsOf('$1::text');
  const qn = tsquery('norwegian', '$1::text');
  const qe = tsquery('english', '$1::text');
  const counts = `(select array[count(*), count(*) filter (where l.search @@ ${qn}), count(*) filter (where l.search @@ ${qe})]::int[]`
    + ` from listings l where ${where.text})`;
  return {
    name,
    text: 'select case when w.words is null then w.counts[1]'
      + ' when cardinality(w.words) = 1 then (select count(*)::int from listing_words x where x.lexeme = w.words[1])'
      + ' else (select count(distinct x.listing_id)::int from listing_words x where x.lexeme = any(w.words)) end as n,'
      + ' w.words, w.qn, w.qe, w.counts[2] as nn, w.counts[3] as ne,'
      // Two lexemes of one word: how many listings hold each (walkedLexemes).
      + ' case when cardinality(w.words) = 2 then array[(select count(*)::int from listing_words x where x.lexeme = w.words[1]),'
      + ' (select count(*)::int from listing_words x where x.lexeme = w.words[2])] end as held'
      + ` from (select x.words, case when x.words is null then ${counts} end as counts, ${qn}::text as qn, ${qe}::text as qe`
      + ` from (select ${words} as words) x offset 0) w`,
    values: where.values,
    genericPlan: false,
  };
}

/**
 * The lexemes of a count's `words`, or null when it has none (more than one word, or no text
 * search): at most two, one per configuration. Anything else is not from countStatement and is
 * refused (null: the words are searched through the tsvector).
 */
export function lexemesOf(words: unknown): string[] | null {
  if (!Array.isArray(words) || words.length > 2 || !words.every((w): w is string => typeof w === 'string' && w !== '')) return null;
  return words;
}

/**
 * The lexemes of one word that a page walks: where the two configurations' lexemes differ
 * ('catering' and 'cater'), a listing matches holding either, and the page merges both walks;
 * but when one lexeme is held by as many listings as match at all (`held`, from the count, in the
 * same snapshot as `matches`), its listings are all the matches, and its walk alone is the page.
 * Anything unexpected leaves the lexemes as they are.
 */
export function walkedLexemes(lexemes: string[] | null, held: unknown, matches: number): string[] | null {
  if (!lexemes || lexemes.length !== 2 || !Array.isArray(held) || held.length !== 2) return lexemes;
  const whole = lexemes.filter((_, i) => held[i] === matches);
  return whole.length > 0 ? [whole[0]!] : lexemes;
}

/**
 * A page statement's one row: how many cards the page holds (`n`), and its cards joined by commas
 * (`cards`, null for none). Each card is one ListingCard (src/domain/listings) as JSON text, in
 * ListingCard's field order and JSON.stringify's spelling (to_json escapes text as it does),
 * stored whole with each listing, its company's part included (`card_json`, kept by triggers:
 * migration 0019), so a page joins nothing to build its cards.
 *
 * `rows` selects the page's rows with an ORDER BY of its own. PostgreSQL never pulls a subquery
 * with an ORDER BY up into the query around it, and a plain aggregate over it reads its rows as
 * they come, in that order (its documentation's way to order an aggregate's input without an
 * ORDER BY inside the aggregate, which would sort the rows again). One row instead of one a card
 * spares the driver 24 rows' worth of objects (docs/decisions.md, "A page as one row").
 * tests/server/search-sql.test.ts and listing-words.test.ts check every page's order against its
 * ORDER BY.
 */
const pageRow = (rows: string) => `select count(*)::int4 as n, string_agg(p.card_json, ',') as cards from (${rows}) p`;

/** A page row's columns: its card, and what the sorts read. */
const PAGE_COLUMNS = 'l.id, l.card_json, l.name, l.price';

/** ORDER BY of each indexed sort on alias `a`; ties broken by id so pages never overlap. Prices left empty come last. */
const ORDERS: Record<Exclude<SortOption, 'random'>, (a: string) => string> = {
  newest: (a) => `${a}.created_at desc, ${a}.id desc`,
  oldest: (a) => `${a}.created_at asc, ${a}.id asc`,
  priceAsc: (a) => `${a}.price asc nulls last, ${a}.id asc`,
  priceDesc: (a) => `${a}.price desc nulls last, ${a}.id asc`,
  nameAsc: (a) => `${a}.name asc, ${a}.id asc`,
  nameDesc: (a) => `${a}.name desc, ${a}.id asc`,
};

/**
 * Where a seed starts the rotation through the stored shuffle: a point in [0, 1) from the
 * seed's SHA-256 (53 bits, exactly a double).
 */
export function shuffleStart(seed: string): number {
  const bits = createHash('sha256').update(seed).digest().readBigUInt64BE(0) >> 11n;
  return Number(bits) / 2 ** 53;
}

/**
 * What a walked row costs against a sorted match, with both forms on generic plans (bench/README.md,
 * "Text search pages on generic plans too": 'music', 1,714 of 100,000 matches, page 1: walking 1.0
 * ms, matches first 2.0 ms).
 */
const WALKED_ROW_COST = 0.6;

/**
 * Whether a text search's page reads its `matches` first and sorts them (the text index finds
 * them), rather than walking the sort's index until the page's end. The walk reads about
 * rowsToPageEnd × publicListings / matches rows, matches first reads every match: matches first
 * wins when matches² ≤ cost × publicListings × rowsToPageEnd. About 1,200 matches for page 1 of
 * 100,000 listings, and more for deeper pages: the last page of 2,001 matches would walk nearly
 * the whole index. The planner cannot choose itself: it does not know how many rows words match.
 */
export function readsMatchesFirst(matches: number, publicListings: number, rowsToPageEnd: number): boolean {
  return matches * matches <= WALKED_ROW_COST * publicListings * rowsToPageEnd;
}

/** The sorts a search of plain words reads from listing_words: its index is in date order. */
export type WordSort = 'newest' | 'oldest';
export const isWordSort = (sort: SortOption): sort is WordSort => sort === 'newest' || sort === 'oldest';

/** The most lexemes one configuration's words may have for its walk through listing_words. */
export const MAX_WALK_LEXEMES = 4;

/** A lexeme in a tsquery's text: quoted, quotes and backslashes inside doubled (PostgreSQL's tsquery output). */
const QUOTED_LEXEME = "'((?:[^'\\\\]|''|\\\\\\\\)+)'";
const AND_OF_LEXEMES = new RegExp(`^${QUOTED_LEXEME}(?: & ${QUOTED_LEXEME})*$`);
const LEXEME_IN_AND = new RegExp(QUOTED_LEXEME, 'g');

/**
 * The lexemes of one configuration's tsquery text when it is nothing but lexemes joined by `&`
 * (what websearch_to_tsquery makes of plain words): [] for no lexeme (stop words only: it matches
 * nothing), null for anything else (`|`, `!`, `<->`, a prefix or weight, or more than
 * MAX_WALK_LEXEMES distinct lexemes). A row matches such a tsquery exactly when it holds every
 * one of those lexemes, positions aside.
 */
export function andLexemesOf(tsqueryText: unknown): string[] | null {
  if (typeof tsqueryText !== 'string') return null;
  if (tsqueryText === '') return [];
  if (!AND_OF_LEXEMES.test(tsqueryText)) return null;
  const lexemes = [...new Set([...tsqueryText.matchAll(LEXEME_IN_AND)].map((m) => m[1]!.replace(/''/g, "'").replace(/\\\\/g, '\\')))];
  return lexemes.length <= MAX_WALK_LEXEMES ? lexemes : null;
}

/** One configuration's lexemes (a row matches when it holds all of them) and how many public listings match them. */
export interface WordBranch {
  lexemes: string[];
  matches: number;
}

/**
 * A text search's words as what listing_words can walk, from the count statement's `qn`/`qe`
 * and `nn`/`ne`: one branch per configuration whose tsquery matches something, the same
 * lexemes once; null when either tsquery is more than an AND of lexemes or a count is missing.
 * [] when neither matches anything.
 */
export function wordBranchesOf(qn: unknown, qe: unknown, nn: unknown, ne: unknown): WordBranch[] | null {
  const norwegian = andLexemesOf(qn);
  const english = andLexemesOf(qe);
  const counted = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
  if (!norwegian || !english || !counted(nn) || !counted(ne)) return null;
  const branches = [{ lexemes: norwegian, matches: nn }, { lexemes: english, matches: ne }].filter((b) => b.lexemes.length > 0 && b.matches > 0);
  const key = (b: WordBranch) => JSON.stringify([...b.lexemes].sort());
  return branches.length === 2 && key(branches[0]!) === key(branches[1]!) ? [branches[0]!] : branches;
}

/** Up to how many entries a lexeme's count for planning a walk reads: beyond that, the walk is long anyway. */
export const LEXEME_COUNT_CAP = 50_000;

/** How many public listings hold each lexeme (capped at LEXEME_COUNT_CAP): `[{ lexeme, n }]`, an index-only count each. */
export function lexemeCountsStatement(lexemes: readonly string[]): Statement {
  return {
    name: 'listing-search-lexeme-counts',
    text: 'select x.lexeme, (select count(*)::int from (select 1 from listing_words w where w.lexeme = x.lexeme'
      + ` limit ${LEXEME_COUNT_CAP}) s) as n from unnest($1::text[]) as x(lexeme)`,
    values: [lexemes],
    genericPlan: true,
  };
}

/**
 * What one entry of listing_words read in a walk costs against one match read through the text
 * index and sorted: a branch of 'fotograf' & 'bergen' (524 matches) merged 268 entries for page 1
 * in 0.07–0.13 ms, where reading and sorting the matches took 1.5 ms (bench/README.md, "Session
 * 10").
 */
const WALKED_ENTRY_COST = 0.2;

/** A branch of several words as the count found it: its lexemes, how many listings hold each, and how many match them all. */
export interface CountedBranch {
  lexemes: string[];
  held: number[];
  matches: number;
}

/**
 * Which branches a page of several words by date walks through listing_words, or null to read
 * the text index's matches and sort them instead. A branch's walk merges its lexemes' entries in
 * date order until its page end: about rowsToPageEnd × held / matches entries of each lexeme (all
 * of them when its words are seldom together); matches first reads every match (`total`). A
 * branch that matches every match is the whole answer (the other holds nothing more): then it
 * alone is walked, the cheaper if both do. Each branch's lexemes come back rarest first.
 */
export function wordWalk(branches: readonly CountedBranch[], total: number, rowsToPageEnd: number): string[][] | null {
  if (total <= 0 || branches.length === 0) return null;
  const entries = (b: CountedBranch) =>
    b.held.reduce((sum, h) => sum + Math.min(h, Math.ceil((rowsToPageEnd * h) / Math.max(1, b.matches))), 0);
  const whole = branches.filter((b) => b.matches === total).sort((x, y) => entries(x) - entries(y))[0];
  const walked = whole ? [whole] : branches;
  if (walked.reduce((sum, b) => sum + entries(b), 0) * WALKED_ENTRY_COST > total) return null;
  // Rarest first: with its lexemes' counts unknown to a generic plan, PostgreSQL merges the first
  // two in the order given and probes the others per merged entry.
  return walked.map((b) => b.lexemes.map((l, i) => ({ l, h: b.held[i] ?? 0 })).sort((x, y) => x.h - y.h).map(({ l }) => l));
}

const wordsPageTexts = new Map<string, string>();

/** wordsPageStatement's text for branches of these sizes: $1 limit, $2 offset, then each branch's lexemes in order. */
function wordsPageText(sizes: readonly number[], sort: WordSort): string {
  let next = 3;
  const dir = sort === 'newest' ? 'desc' : 'asc';
  const order = (a: string) => `${a}created_at ${dir}, ${a}listing_id ${dir}`;
  let alias = 0;
  const walk = (size: number, bound: string) => {
    const [first, ...others] = Array.from({ length: size }, () => ({ p: `$${next++}::text`, a: `w${alias++}` }));
    // Every lexeme's entries come in the index's order: on a generic plan PostgreSQL merges them
    // (a merge join of index-only scans) and stops at the limit.
    const joins = others.map(({ p, a }) => ` join listing_words ${a} on ${a}.lexeme = ${p}`
      + ` and ${a}.created_at = ${first!.a}.created_at and ${a}.listing_id = ${first!.a}.listing_id`).join('');
    return `select ${first!.a}.created_at, ${first!.a}.listing_id from listing_words ${first!.a}${joins}`
      + ` where ${first!.a}.lexeme = ${first!.p} order by ${order(`${first!.a}.`)} ${bound}`;
  };
  // One branch (the two configurations agree, the usual case): its walk is the page.
  const entries = sizes.length === 1
    ? walk(sizes[0]!, 'limit $1 offset $2')
    : `(${walk(sizes[0]!, 'limit $1::bigint + $2::bigint')}) union (${walk(sizes[1]!, 'limit $1::bigint + $2::bigint')}) order by ${order('')} limit $1 offset $2`;
  return pageRow(`select l.card_json from (${entries}) w join listings l on l.id = w.listing_id`
    + ` where ${IS_PUBLIC} order by ${order('w.')}`);
}

/**
 * A page of a search by date from listing_words (migration 0018). `branches` are the words'
 * lexemes per configuration (`lexemesOf` for one word, `wordWalk` for more), one or two, each of 1
 * to MAX_WALK_LEXEMES lexemes: a branch's rows are the entries its lexemes share, read in the
 * sort's order (the index forwards or backwards), one lexeme's entries merged with the next's on
 * (date, listing), so the read stops at the page's end. Two branches are a page's worth of each,
 * merged, a listing in both once; then those rows' cards. The same rows, order and bytes as
 * pageStatement's (tests/server/listing-words.test.ts). The public check on the listing is a
 * backstop: the trigger keeps only public rows.
 */
export function wordsPageStatement(branches: readonly (readonly string[])[], sort: WordSort, limit: number, offset: number): Statement {
  if (branches.length < 1 || branches.length > 2 || branches.some((b) => b.length < 1 || b.length > MAX_WALK_LEXEMES)) {
    throw new Error(`wordsPageStatement takes one or two branches of 1 to ${MAX_WALK_LEXEMES} lexemes, not ${JSON.stringify(branches.map((b) => b.length))}`);
  }
  const name = `listing-search-page:words:${branches.map((b) => b.length).join('+')}:${sort}`;
  // The text depends on the shape alone: built once, and the same string every time (the driver
  // keys its prepared statements by text). The lexemes are $3… in the order the branches list them.
  let text = wordsPageTexts.get(name);
  if (text === undefined) {
    text = wordsPageText(branches.map((b) => b.length), sort);
    wordsPageTexts.set(name, text);
  }
  return {
    name,
    text,
    values: [limit, offset, ...branches.flat()],
    // Its best plan is the same for any words of its shape: merge the index's entries, fetch a page's rows.
    genericPlan: true,
  };
}

/** The rows of one lap of the random sort's rotation: `range` is '>=' for the first, '<' for the second. */
const lapRows = (where: { text: string }, start: string, range: '>=' | '<') =>
  `from listings l where ${where.text} and l.shuffle_key ${range} ${start}`;

/**
 * A page statement's name and plan. Named when its text depends on its filters' shape alone (words
 * alone, or no words). Without a filter only the page and the rotation's start vary: one plan fits
 * every run (0.4 → 0.1 ms a page). So for a category by date: its (category, created) index serves
 * any category; and for words alone, whose count chose the page's form: few matches are read
 * through the text index and sorted, many are found walking the sort's index. Otherwise a filter's
 * size decides the plan: a big category's price order reads the category first, a small one's walks
 * the price index (8 ms on a generic plan against 0.8).
 */
function pagePlan(filters: SearchFilters, shape: string, sort: SortOption, form: string): Pick<Statement, 'name' | 'genericPlan'> {
  const alone = textAlone(filters);
  return {
    name: !filters.searchQuery || alone ? `listing-search-page:${shape}:${sort}${form}` : null,
    genericPlan: alone || shape === 'all' || (shape === 'c' && (sort === 'newest' || sort === 'oldest')),
  };
}

/**
 * One page of cards, as one row (pageRow), in the page's order. The random sort is
 * the rotation of the stored shuffle starting at the seed's point: keys from the start up, then
 * from 0 up to the start, each half one range of listings_public_shuffle_idx (docs/decisions.md).
 * Walked (not matchesFirst), this statement reads the first lap only; a page it leaves short
 * continues with secondLapStatement (search.ts's readPage does both).
 */
export function pageStatement(filters: SearchFilters, sort: SortOption, seed: string, limit: number, offset: number, matchesFirst = false): Statement {
  // $1 limit, $2 offset, then the filters; the random sort's start after them.
  const alone = textAlone(filters);
  const where = whereFor(filters, 3, alone ? (matchesFirst ? 'matches' : 'scan') : 'planned');
  let page: string;
  const values: unknown[] = [limit, offset, ...where.values];
  if (sort === 'random') {
    const start = `$${3 + where.values.length}::float8`;
    values.push(shuffleStart(seed));
    if (matchesFirst) {
      // The same rotation over the matches alone: keys from the start up (false sorts first), then the rest.
      page = `select * from (select ${PAGE_COLUMNS}, l.shuffle_key from listings l where ${where.text} offset 0) l`
        + ` order by l.shuffle_key < ${start}, l.shuffle_key, l.id limit $1 offset $2`;
    } else {
      page = `select ${PAGE_COLUMNS}, l.shuffle_key ${lapRows(where, start, '>=')} order by l.shuffle_key, l.id limit $1 offset $2`;
    }
  } else {
    const columns = sort === 'newest' || sort === 'oldest' ? `${PAGE_COLUMNS}, l.created_at` : PAGE_COLUMNS;
    // `offset 0` keeps the matches' subquery from being flattened into the sorted one: PostgreSQL
    // then finds the matches first (the text index) and sorts just those, instead of walking the
    // sort's index for rows that match, which for a rare word is the whole index.
    page = matchesFirst
      ? `select * from (select ${columns} from listings l where ${where.text} offset 0) l order by ${ORDERS[sort]('l')} limit $1 offset $2`
      : `select ${columns} from listings l where ${where.text} order by ${ORDERS[sort]('l')} limit $1 offset $2`;
  }
  return {
    ...pagePlan(filters, where.shape, sort, matchesFirst ? ':matches' : ''),
    text: pageRow(page),
    values,
  };
}

/**
 * The rest of a random page whose first lap ran out (pageStatement, walked, gave fewer rows than
 * `limit` asked): the second lap's keys, from 0 up to the seed's point, `limit` rows. From the
 * lap's start when the first lap gave rows to the page (`firstLapRows`); otherwise the page lies
 * past the first lap, and the rows of it that the offset skipped are counted (fewer than the
 * offset) to find where the page starts.
 */
export function secondLapStatement(filters: SearchFilters, seed: string, limit: number, offset: number, firstLapRows: number): Statement {
  // $1 limit, $2 the offset into the rotation (0 when the first lap gave rows: nothing to count), then the filters and the start.
  const alone = textAlone(filters);
  const where = whereFor(filters, 3, alone ? 'scan' : 'planned');
  const start = `$${3 + where.values.length}::float8`;
  const skipped = `case when $2::bigint = 0 then 0 else greatest(0, $2::bigint - (select count(*) ${lapRows(where, start, '>=')})) end`;
  const page = `select ${PAGE_COLUMNS}, l.shuffle_key ${lapRows(where, start, '<')} order by l.shuffle_key, l.id limit $1 offset ${skipped}`;
  return {
    // Named and planned as the first lap's statement is.
    ...pagePlan(filters, where.shape, 'random', ':second-lap'),
    text: pageRow(page),
    values: [limit, firstLapRows > 0 ? 0 : offset, ...where.values, shuffleStart(seed)],
  };
}
