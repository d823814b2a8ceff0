import { useId } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Category } from '../../domain/taxonomy';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { TaxonomyImage } from './TaxonomyImage';

export interface CategoryItemProps {
  category: Category;
  /** How many sub-categories it has (from the stored taxonomy). */
  subCategoryCount: number;
  layout: 'grid' | 'list';
  onEdit: () => void;
  onDelete: () => void;
  /** Writes need the server: the buttons are off while the device is offline. */
  disabled?: boolean;
}

/**
 * One category as a card (grid) or a row (list): image, name linking to its page, short
 * description, sub-category count, and Edit and Delete (spec 3 §2).
 */
export function CategoryItem({ category, subCategoryCount, layout, onEdit, onDelete, disabled }: CategoryItemProps) {
  const headingId = useId();
  const { name } = category;
  const row = layout === 'list';
  return (
    <article aria-labelledby={headingId} data-testid="category-item" data-layout={layout}
      className={`flex w-full gap-3 overflow-hidden rounded-lg border border-border bg-surface ${row ? 'flex-col p-3 sm:flex-row sm:items-center' : 'flex-col'}`}>
      <TaxonomyImage item={category} className={row ? 'aspect-square w-20 shrink-0 rounded-md' : 'aspect-square w-full'} />
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${row ? '' : 'px-4'}`}>
        <h2 id={headingId} className="break-words text-lg font-semibold leading-snug">
          <Link href={paths.adminCategory.href(category.id)} className="text-fg hover:text-accent hover:underline">{name}</Link>
        </h2>
        {category.shortDescription
          ? <p className="line-clamp-3 break-words text-sm text-muted" data-testid="category-short">{category.shortDescription}</p>
          : <p className="text-sm italic text-muted"><Trans>No short description</Trans></p>}
        <p className="text-sm text-muted" data-testid="category-subcount">
          <Plural value={subCategoryCount} _0="No sub-categories" one="# sub-category" other="# sub-categories" />
        </p>
      </div>
      <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} disabled={disabled} className={row ? 'sm:w-56' : 'mt-auto px-4 pb-4'} />
    </article>
  );
}
