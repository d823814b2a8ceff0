import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Category } from '../../domain/taxonomy';
import { usePageTitle } from '../../ui/page-title';
import { browsePageName } from '../../ui/page-titles';
import { Skeleton } from '../../ui/Skeleton';

export interface BrowseHeaderProps {
  /** The chosen category; undefined while it is read, null for none (or unknown). */
  category: Category | null | undefined;
  search: string | null;
  /** The browse address without the search text. */
  clearSearchHref: string;
}

/** The category's name and description ("All listings" without one) and the search text, if any. */
export function BrowseHeader({ category, search, clearSearchHref }: BrowseHeaderProps) {
  const { t, i18n } = useLingui();
  // The server's title too (src/app/page-meta.ts); none while the category is read.
  usePageTitle(category === undefined ? null : browsePageName(i18n, category?.name, search));
  return (
    <header className="mb-6">
      {category === undefined
        ? <Skeleton className="h-9 w-64" />
        : <h1 className="text-3xl font-bold tracking-tight text-accent" data-testid="browse-title">{category?.name ?? t`All listings`}</h1>}
      {category?.description && <p className="mt-2 max-w-3xl text-muted">{category.description}</p>}
      {search && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="browse-search">
          <span><Trans>Search: <strong className="text-fg">“{search}”</strong></Trans></span>
          <Link href={clearSearchHref} className="rounded border border-border px-2 py-0.5 text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            aria-label={t`Clear search ${search}`} data-testid="clear-search">
            {t`Clear search`}
          </Link>
        </p>
      )}
    </header>
  );
}
