import { plural } from '@lingui/core/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { CategorySearchResult } from '../../domain/listings';
import { Image } from '../../ui/Image';
import { Skeleton } from '../../ui/Skeleton';

type CategoryResult = CategorySearchResult['categoryResults'][number];

/** The browse address of a category for a search text (spec 1 §2: ?categoryId=…&search=…). */
export function categoryHref(categoryId: string, q: string): string {
  const params = new URLSearchParams({ categoryId });
  if (q.trim()) params.set('search', q.trim());
  return paths.listings.href(params.toString());
}

const grid = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';

export function CategoryResultSkeletons() {
  return (
    <ul className={grid} aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i}>
          <Skeleton className="aspect-[4/3]" />
          <Skeleton className="mt-2 h-5 w-2/3" />
          <Skeleton className="mt-1 h-4 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

/** A card per category with matches: image, name and count, opening the category's browse. */
export function CategoryResultCards({ results, q }: { results: CategoryResult[]; q: string }) {
  return (
    <ul className={grid} data-testid="search-categories">
      {results.map((r) => (
        <li key={r.categoryId}>
          <Link href={categoryHref(r.categoryId, q)} data-testid="search-category"
            className="group block overflow-hidden rounded-lg border border-border bg-surface hover:shadow-md focus-visible:ring-2 focus-visible:ring-accent">
            <Image fileId={r.imageUri} width={400} alt="" aspectRatio="4 / 3" sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw" />
            <span className="block px-3 pt-3 font-semibold">{r.categoryName}</span>
            <span className="block px-3 pb-3 text-sm text-muted">
              <span data-testid="search-category-total">{r.listingCount}</span> {plural(r.listingCount, { one: 'listing', other: 'listings' })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
