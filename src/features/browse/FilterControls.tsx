import { useLingui } from '@lingui/react/macro';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import { RegionFilter } from './RegionFilter';
import { useBrowseCategories } from './useBrowseCategories';
import { useBrowseSubCategories } from './useBrowseSubCategories';
import type { BrowseFilters } from './url-state';

export interface FilterControlsProps {
  value: BrowseFilters;
  onChange: (next: Partial<BrowseFilters>) => void;
}

const toggled = (list: readonly string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

/**
 * The filters, shared by the desktop sidebar and the mobile dialog: category (a new one drops the
 * sub-categories), the chosen category's sub-categories, and regions/counties by country.
 */
export function FilterControls({ value, onChange }: FilterControlsProps) {
  const { t } = useLingui();
  const categories = useBrowseCategories();
  const subCategories = useBrowseSubCategories(value.categoryId);
  return (
    <div className="flex flex-col gap-6">
      <SelectField label={t`Category`} value={value.categoryId ?? ''} data-testid="category-select"
        onChange={(e) => onChange({ categoryId: e.target.value || null, subCategoryIds: [] })}>
        <option value="">{t`All categories`}</option>
        {(categories ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        {value.categoryId && categories && !categories.some((c) => c.id === value.categoryId) && (
          <option value={value.categoryId}>{t`Unknown category`}</option>
        )}
      </SelectField>
      {value.categoryId && subCategories && subCategories.length > 0 && (
        <fieldset data-testid="subcategory-filter">
          <legend className="mb-2 text-sm font-semibold text-fg">{t`Sub-categories`}</legend>
          <div className="flex flex-col gap-2">
            {subCategories.map((s) => (
              <Checkbox key={s.id} label={s.name} checked={value.subCategoryIds.includes(s.id)}
                onChange={(e) => onChange({ subCategoryIds: toggled(value.subCategoryIds, s.id, e.target.checked) })} />
            ))}
          </div>
        </fieldset>
      )}
      <RegionFilter regions={value.regions} counties={value.counties}
        onChange={(regions, counties) => onChange({ regions, counties })} />
    </div>
  );
}
