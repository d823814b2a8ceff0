import { useLingui } from '@lingui/react/macro';
import { PAGE_SIZES, SORT_OPTIONS, type SortOption } from '../../domain/listings';
import { SelectField } from '../../ui/SelectField';

export interface SortAndPageSizeProps {
  sort: SortOption;
  pageSize: number;
  onSortChange: (sort: SortOption) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const isSort = (value: string): value is SortOption => SORT_OPTIONS.some((s) => s === value);

/** The sort (7 orders) and page size (12/24/48/96) selects above the results. */
export function SortAndPageSize({ sort, pageSize, onSortChange, onPageSizeChange }: SortAndPageSizeProps) {
  const { t } = useLingui();
  const labels: Record<SortOption, string> = {
    newest: t`Newest`,
    oldest: t`Oldest`,
    priceAsc: t`Price: low to high`,
    priceDesc: t`Price: high to low`,
    nameAsc: t`Name: A–Z`,
    nameDesc: t`Name: Z–A`,
    random: t`Random`,
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField label={t`Sort by`} value={sort} data-testid="sort-select" className="w-48"
        onChange={(e) => isSort(e.target.value) && onSortChange(e.target.value)}>
        {SORT_OPTIONS.map((option) => <option key={option} value={option}>{labels[option]}</option>)}
      </SelectField>
      <SelectField label={t`Per page`} value={String(pageSize)} data-testid="page-size-select" className="w-28"
        onChange={(e) => onPageSizeChange(Number(e.target.value))}>
        {PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
      </SelectField>
    </div>
  );
}
