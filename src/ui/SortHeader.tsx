import type { ReactNode } from 'react';
import type { SortState } from './useSortedFiltered';

export interface SortHeaderProps<K extends string> {
  column: K;
  label: ReactNode;
  sort: SortState<K> | null;
  onSort: (column: K) => void;
  /** Number columns sit on the right. */
  align?: 'left' | 'right';
  className?: string;
}

/**
 * A sortable column's header: a button in the th, whose aria-sort says the order once the column
 * sorts the table (none before; assistive technology reads the state from the th, the button acts).
 */
export function SortHeader<K extends string>({ column, label, sort, onSort, align = 'left', className = '' }: SortHeaderProps<K>) {
  const active = sort?.key === column ? sort.direction : undefined;
  const arrow = active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '↕';
  return (
    <th scope="col" aria-sort={active ?? 'none'} className={`${className} ${align === 'right' ? 'text-right' : ''}`}>
      <button type="button" onClick={() => onSort(column)} data-testid={`sort-${column}`}
        className={`inline-flex min-h-10 items-center gap-1 rounded font-semibold hover:text-fg focus-visible:outline-2 focus-visible:outline-accent ${active ? 'text-fg' : ''}`}>
        {label}
        <span aria-hidden="true" className={`text-xs ${active ? '' : 'opacity-50'}`}>{arrow}</span>
      </button>
    </th>
  );
}
