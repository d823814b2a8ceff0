import { createHash } from 'node:crypto';
import type { SortOption } from '../../../src/domain/listings';
import type { Statement } from '../../db/raw';

/**
 * The SQL of POST /listing/search as fixed texts with $n parameters, one per filter shape (which
 * filters are present) and sort, so PostgreSQL can keep each as a named prepared statement per
 * pooled connection. No user value is ever part of a text. The page comes back as one text: the
 * cards' JSON, stored with the rows by PostgreSQL and joined in the page's order, so Node neither
 * decodes rows nor encodes cards (bench/README.md, "Cold search after prepared statements and JSON
 * from PostgreSQL" and "Cards' JSON written with the row").
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
 * count visits every matching row).
 */
export function countStatement(filters: SearchFilters): Statement {
  const where = whereFor(filters, 1);
  const name = preparable(filters) ? `listing-search-count:${where.shape}` : null;
  const count = `select count(*)::int as n from listings l where ${where.text}`;
  if (!textAlone(filters)) return { name, text: count, values: where.values, genericPlan: where.shape === 'all' };
  // The words are the WHERE's only parameter. Only the branch taken runs: each subquery is run
  // when its value is first needed.
  const words = wordsOf('$1::text');
  return {
    name,
    text: `select case when w.words is null then (${count})`
      + ' when cardinality(w.words) = 1 then (select count(*)::int from listing_words x where x.lexeme = w.words[1])'
      + ' else (select count(distinct x.listing_id)::int from listing_words x where x.lexeme = any(w.words)) end as n, w.words'
      + ` from (select ${words} as words) w`,
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
 * One card of ListingCard (src/domain/listings) as JSON text, from page row `p` and its company
 * `c`: both halves are stored with their rows (generated columns `card_json`, migration 0017),
 * in ListingCard's field order and JSON.stringify's spelling (to_json escapes text as it does).
 */
const CARD_JSON = 'p.card_json || c.card_json';

/** A page row's columns: its card, and what the sorts and the join read. */
const PAGE_COLUMNS = 'l.id, l.card_json, l.company_id, l.name, l.price';

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

/** The sorts a one-word search reads from listing_words: its index is in date order. */
export type WordSort = 'newest' | 'oldest';
export const isWordSort = (sort: SortOption): sort is WordSort => sort === 'newest' || sort === 'oldest';

/**
 * A page of a one-word search by date from listing_words (migration 0018): the lexeme's entries in
 * the sort's order (the index read forwards or backwards), or for two lexemes the page's worth of
 * each, merged, a listing holding both once; then those rows' cards. `lexemes` has one or two
 * entries (`lexemesOf`). The same rows, order and bytes as pageStatement's
 * (tests/server/listing-words.test.ts). The public check on the listing is a backstop: the
 * trigger keeps only public rows.
 */
export function wordsPageStatement(lexemes: readonly string[], sort: WordSort, limit: number, offset: number): Statement {
  if (lexemes.length < 1 || lexemes.length > 2) throw new Error(`wordsPageStatement takes one or two lexemes, not ${lexemes.length}`);
  const dir = sort === 'newest' ? 'desc' : 'asc';
  const order = (a: string) => `${a}created_at ${dir}, ${a}listing_id ${dir}`;
  const walk = (param: string, bound: string) =>
    `select w.created_at, w.listing_id from listing_words w where w.lexeme = ${param}::text order by ${order('w.')} ${bound}`;
  // One lexeme (the two configurations agree, the usual case): its walk is the page.
  const entries = lexemes.length === 1
    ? walk('$3', 'limit $1 offset $2')
    : `(${walk('$3', 'limit $1::bigint + $2::bigint')}) union (${walk('$4', 'limit $1::bigint + $2::bigint')}) order by ${order('')} limit $1 offset $2`;
  const page = `select l.id, l.card_json, l.company_id, l.created_at from (${entries}) w join listings l on l.id = w.listing_id where ${IS_PUBLIC}`;
  return {
    name: `listing-search-page:words${lexemes.length}:${sort}`,
    text: `select coalesce(string_agg(${CARD_JSON}, ',' order by ${ORDERS[sort]('p')}), '') as cards`
      + ` from (${page}) p join companies c on c.id = p.company_id`,
    values: [limit, offset, ...lexemes],
    // Its best plan is the same for every word: walk the index, fetch a page's rows.
    genericPlan: true,
  };
}

/**
 * One page of cards as a JSON array's inner text (`[{ cards }]`, '' for none). The random sort is
 * the rotation of the stored shuffle starting at the seed's point: keys from the start up, then
 * from 0 up to the start, each half one range of listings_public_shuffle_idx (docs/decisions.md).
 */
export function pageStatement(filters: SearchFilters, sort: SortOption, seed: string, limit: number, offset: number, matchesFirst = false): Statement {
  // $1 limit, $2 offset, then the filters; the random sort's start after them.
  const alone = textAlone(filters);
  const where = whereFor(filters, 3, alone ? (matchesFirst ? 'matches' : 'scan') : 'planned');
  let page: string;
  let order: string;
  const values: unknown[] = [limit, offset, ...where.values];
  if (sort === 'random') {
    const start = `$${3 + where.values.length}::float8`;
    values.push(shuffleStart(seed));
    const lap = (n: number, range: string) =>
      `(select ${PAGE_COLUMNS}, l.shuffle_key, ${n} as lap from listings l where ${where.text} and l.shuffle_key ${range} ${start}`
      + ' order by l.shuffle_key, l.id limit $1::bigint + $2::bigint)';
    if (matchesFirst) {
      // The same rotation over the matches alone: keys from the start up (false sorts first), then the rest.
      page = `select * from (select ${PAGE_COLUMNS}, l.shuffle_key from listings l where ${where.text} offset 0) l`
        + ` order by l.shuffle_key < ${start}, l.shuffle_key, l.id limit $1 offset $2`;
      order = `p.shuffle_key < ${start}, p.shuffle_key, p.id`;
    } else {
      page = `select * from (${lap(0, '>=')} union all ${lap(1, '<')}) l order by l.lap, l.shuffle_key, l.id limit $1 offset $2`;
      order = 'p.lap, p.shuffle_key, p.id';
    }
  } else {
    const columns = sort === 'newest' || sort === 'oldest' ? `${PAGE_COLUMNS}, l.created_at` : PAGE_COLUMNS;
    // `offset 0` keeps the matches' subquery from being flattened into the sorted one: PostgreSQL
    // then finds the matches first (the text index) and sorts just those, instead of walking the
    // sort's index for rows that match, which for a rare word is the whole index.
    page = matchesFirst
      ? `select * from (select ${columns} from listings l where ${where.text} offset 0) l order by ${ORDERS[sort]('l')} limit $1 offset $2`
      : `select ${columns} from listings l where ${where.text} order by ${ORDERS[sort]('l')} limit $1 offset $2`;
    order = ORDERS[sort]('p');
  }
  return {
    name: !filters.searchQuery || alone ? `listing-search-page:${where.shape}:${sort}${matchesFirst ? ':matches' : ''}` : null,
    text: `select coalesce(string_agg(${CARD_JSON}, ',' order by ${order}), '') as cards`
      + ` from (${page}) p join companies c on c.id = p.company_id`,
    values,
    // Without a filter only the page and the rotation's start vary: one plan fits every run
    // (0.4 → 0.1 ms a page). So for a category by date: its (category, created) index serves any
    // category; and for words alone, whose count chose the page's form: few matches are read
    // through the text index and sorted, many are found walking the sort's index. Otherwise a
    // filter's size decides the plan: a big category's price order reads the category first, a
    // small one's walks the price index (8 ms on a generic plan against 0.8).
    genericPlan: alone || where.shape === 'all' || (where.shape === 'c' && (sort === 'newest' || sort === 'oldest')),
  };
}
