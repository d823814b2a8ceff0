import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Category, SubCategory } from '../../domain/taxonomy';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { TaxonomyImage } from './TaxonomyImage';

export interface SubCategoryItemProps {
  subCategory: SubCategory;
  /** Its parent, when stored (a pull may not have brought it yet). */
  category: Category | undefined;
  layout: 'grid' | 'list';
  onEdit: () => void;
  onDelete: () => void;
  /** Writes need the server: the buttons are off while the device is offline. */
  disabled?: boolean;
}

/**
 * One sub-category as a card (grid) or a row (list): image, name linking to its page, short
 * description, parent category, and Edit and Delete (spec 3 §2).
 */
export function SubCategoryItem({ subCategory, category, layout, onEdit, onDelete, disabled }: SubCategoryItemProps) {
  const headingId = useId();
  const { name } = subCategory;
  const categoryName = category?.name;
  const row = layout === 'list';
  return (
    <article aria-labelledby={headingId} data-testid="subcategory-item" data-layout={layout}
      className={`flex w-full gap-3 overflow-hidden rounded-lg border border-border bg-surface ${row ? 'flex-col p-3 sm:flex-row sm:items-center' : 'flex-col'}`}>
      <TaxonomyImage item={subCategory} className={row ? 'aspect-square w-20 shrink-0 rounded-md' : 'aspect-square w-full'} />
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${row ? '' : 'px-4'}`}>
        <h2 id={headingId} className="break-words text-lg font-semibold leading-snug">
          <Link href={paths.adminSubCategory.href(subCategory.id)} className="text-fg hover:text-accent hover:underline">{name}</Link>
        </h2>
        <p className="break-words text-sm" data-testid="subcategory-parent">
          {categoryName
            ? <Trans>In <Link href={paths.adminCategory.href(subCategory.categoryId)} className="text-accent hover:underline">{categoryName}</Link></Trans>
            : <span className="italic text-muted"><Trans>Category not stored on this device</Trans></span>}
        </p>
        {subCategory.shortDescription
          ? <p className="line-clamp-3 break-words text-sm text-muted" data-testid="subcategory-short">{subCategory.shortDescription}</p>
          : <p className="text-sm italic text-muted"><Trans>No short description</Trans></p>}
      </div>
      <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} disabled={disabled} className={row ? 'sm:w-56' : 'mt-auto px-4 pb-4'} />
    </article>
  );
}
