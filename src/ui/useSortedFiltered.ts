import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { matchesQuery } from './searchText';

export type SortDirection = 'ascending' | 'descending';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

export interface SortFilterSpec<T, K extends string> {
  /** The texts an item is found by (its name, descriptions, parent's name…). */
  searchText: (item: T) => readonly (string | null | undefined)[];
  /** Each sortable column's ascending order; the collator compares texts in the app's language. */
  columns: Record<K, (a: T, b: T, collator: Intl.Collator) => number>;
}

export interface SortedFiltered<T, K extends string> {
  query: string;
  setQuery: (query: string) => void;
  /** null: the items' own order (the server's). */
  sort: SortState<K> | null;
  /** Sorts by a column: ascending first, then the other way on each press. */
  toggleSort: (key: K) => void;
  /** The items that match the query, in the chosen order. */
  visible: readonly T[];
}


/**
 * A text filter and column sort for an admin list or table, kept in memory for the page's life:
 * every word of the query must occur in one of an item's texts, ignoring case and the accents the
 * app's language does not count as letters (src/ui/searchText.ts); ties keep the items' own order.
 * Give a stable `spec` (a module constant, or memoised when it reads other data) so the list is
 * not worked out again on every render.
 */
export function useSortedFiltered<T, K extends string>(
  items: readonly T[] | undefined, spec: SortFilterSpec<T, K>,
): SortedFiltered<T, K> {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState<K> | null>(null);
  const { searchText, columns } = spec;

  const visible = useMemo(() => {
    const found = (items ?? []).filter((item) => matchesQuery(query, searchText(item), locale));
    if (!sort) return found;
    const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    const compare = columns[sort.key];
    const sign = sort.direction === 'ascending' ? 1 : -1;
    // Array.prototype.sort is stable: equal items keep their order.
    return [...found].sort((a, b) => sign * compare(a, b, collator));
  }, [items, query, sort, locale, searchText, columns]);

  const toggleSort = (key: K) => setSort((s) => ({
    key, direction: s?.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
  }));

  return { query, setQuery, sort, toggleSort, visible };
}
