import type { Category, SubCategory } from '../../domain/taxonomy';
import { Image } from '../../ui/Image';

/** A category's or sub-category's square image, or a plain tile with its initial when it has none. */
export function TaxonomyImage({ item, className, width = 400 }: {
  item: Pick<Category | SubCategory, 'name' | 'imageUri'>;
  className: string;
  /** The width asked of the files API (the shown size, at most). */
  width?: number;
}) {
  return item.imageUri ? (
    <Image fileId={item.imageUri} width={width} alt="" aspectRatio="1" className={`${className} object-cover`} />
  ) : (
    <div aria-hidden="true" className={`${className} flex items-center justify-center bg-surface-2 text-3xl font-bold text-muted`}>
      {item.name.trim().charAt(0).toUpperCase()}
    </div>
  );
}
