import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Category } from '../../domain/taxonomy';
import { Button } from '../../ui/Button';
import { SortHeader } from '../../ui/SortHeader';
import type { SortState } from '../../ui/useSortedFiltered';
import { TaxonomyImage } from './TaxonomyImage';

/** The table's sortable columns. */
export type CategoryColumn = 'name' | 'subCategories';

export interface CategoryTableProps {
  categories: readonly Category[];
  subCategoryCounts: ReadonlyMap<string, number>;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  disabled?: boolean;
  sort: SortState<CategoryColumn> | null;
  onSort: (column: CategoryColumn) => void;
}

const cell = 'px-3 py-2 align-middle';

/**
 * The categories as a table (spec 3 §2: categories also have a table view), sortable by name and
 * by sub-category count; scrolls sideways on a phone.
 */
export function CategoryTable({ categories, subCategoryCounts, onEdit, onDelete, disabled, sort, onSort }: CategoryTableProps) {
  const { t } = useLingui();
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface" data-testid="categories-table">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only"><Trans>Categories</Trans></caption>
        <thead className="border-b border-border text-muted">
          <tr>
            <th scope="col" className={cell}><span className="sr-only"><Trans>Image</Trans></span></th>
            <SortHeader column="name" label={<Trans>Name</Trans>} sort={sort} onSort={onSort} className={cell} />
            <th scope="col" className={cell}><Trans>Short Description</Trans></th>
            <SortHeader column="subCategories" label={<Trans>Sub-categories</Trans>} sort={sort} onSort={onSort} align="right" className={cell} />
            <th scope="col" className={cell}><span className="sr-only"><Trans>Actions</Trans></span></th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => {
            const { name } = category;
            return (
              <tr key={category.id} className="border-b border-border last:border-b-0" data-testid="category-row">
                <td className={cell}><TaxonomyImage item={category} className="aspect-square w-12 rounded" width={96} /></td>
                <th scope="row" className={`${cell} font-semibold`}>
                  <Link href={paths.adminCategory.href(category.id)} className="text-fg hover:text-accent hover:underline">{name}</Link>
                </th>
                <td className={`${cell} max-w-80 break-words text-muted`}>{category.shortDescription}</td>
                <td className={`${cell} text-right tabular-nums`}>{subCategoryCounts.get(category.id) ?? 0}</td>
                <td className={cell}>
                  <div className="flex justify-end gap-2">
                    <Button variant="secondary" onClick={() => onEdit(category)} disabled={disabled} aria-label={t`Edit ${name}`}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button variant="danger" onClick={() => onDelete(category)} disabled={disabled} aria-label={t`Delete ${name}`}>
                      <Trans>Delete</Trans>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
