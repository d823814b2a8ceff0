import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { pullsWhenAllowed } from '../../sync/pulls-later';
import { Button } from '../../ui/Button';
import { lazyComponent } from '../../ui/lazyComponent';
import { OnDemandPart } from '../../ui/OnDemandDialog';
import { BrowseHeader } from './BrowseHeader';
import { FilterIcon } from './FilterIcon';
import { FiltersSidebar } from './FiltersSidebar';
import { Pagination } from './Pagination';
import { ResultsGrid, type ResultsView } from './ResultsGrid';
import { SortAndPageSize } from './SortAndPageSize';
import { useBrowseCategories } from './useBrowseCategories';
import { useBrowseResults } from './useBrowseResults';
import { useBrowseState } from './useBrowseState';
import {
  filterCount, hasFilters, newSeed, serializeBrowseState, toSearchRequest, withFilters, withPage, withPageSize,
  withSearch, withSort, withoutFilters, type BrowseFilters,
} from './url-state';

// The phone's filter dialog (Headless UI's dialog, about half of this screen's code) is fetched
// for its first opening, ahead on a pointer over or focus on its button (docs/decisions.md,
// "Dialogs load when they first open").
const FiltersDialog = lazyComponent(() => import('./FiltersDialog'));
const preloadFiltersDialog = () => void FiltersDialog.preload().catch(() => undefined);

/**
 * Listing browse (/listings, spec 1 §2): category header, filters (desktop sidebar, mobile
 * full-screen dialog), sort, page size, results and pagination. The state is the URL (see
 * url-state.ts); the results are pulled into Dexie and rendered from it, so a page seen online
 * shows again offline. A server-rendered page starts with its embedded categories and results.
 */
export default function BrowsePage() {
  const { t } = useLingui();
  const [state, go] = useBrowseState();
  const categories = useBrowseCategories();
  const [taxonomyPulled, setTaxonomyPulled] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    let mounted = true;
    // Offline, a failed pull is fine: Dexie keeps what the last one wrote. The first view of a
    // server-rendered page shows the server's categories: the pulls wait for the mirror.
    pullsWhenAllowed().then(({ pullRegions, pullTaxonomy }) => {
      if (!mounted) return;
      pullTaxonomy().catch(() => undefined).finally(() => mounted && setTaxonomyPulled(true));
      pullRegions().catch(() => undefined);
    }, () => {
      // The mirror's module did not load (offline before it was cached): nothing more will come.
      if (mounted) setTaxonomyPulled(true);
    });
    return () => {
      mounted = false;
    };
  }, []);

  // A random order needs a seed in the URL (typed or old links may lack one): draw one in place.
  const needsSeed = state.sort === 'random' && !state.seed;
  useEffect(() => {
    if (needsSeed) go({ ...state, seed: newSeed() }, { replace: true });
  }, [needsSeed, state, go]);

  const request = needsSeed ? undefined : toSearchRequest(state);
  const results = useBrowseResults(request);

  const found = state.categoryId ? categories?.find((c) => c.id === state.categoryId) : undefined;
  const category = !state.categoryId ? null : found ?? (categories === undefined || !taxonomyPulled ? undefined : null);

  const filters: BrowseFilters = {
    categoryId: state.categoryId, subCategoryIds: state.subCategoryIds, regions: state.regions, counties: state.counties,
  };
  const setFilters = (next: Partial<BrowseFilters>) => go(withFilters(state, next));
  const clearFilters = () => go(withoutFilters(state));
  const href = (next: typeof state) => paths.listings.href(serializeBrowseState(next));

  const stored = results.page;
  // Past the last page the server answers an empty page with the real totals: say that, with a
  // way to the last page, instead of 'No listings match' beside '30 listings' (see decisions.md).
  const lastPage = stored?.page.totalPages ?? 0;
  const pastEnd = stored !== undefined && stored.listings.length === 0 && lastPage > 0 && state.page > lastPage;
  const view: ResultsView = stored
    ? stored.listings.length > 0
      ? { kind: 'listings', listings: stored.listings, offline: results.failed }
      : pastEnd
        ? { kind: 'pastEnd', page: state.page, lastPage, lastPageHref: href(withPage(state, lastPage)) }
        : { kind: 'empty' }
    : results.failed ? { kind: 'error' } : { kind: 'loading' };
  const total = stored?.page.totalCount;
  const active = filterCount(filters);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BrowseHeader category={category} search={state.search} clearSearchHref={href(withSearch(state, null))} />
      <div className="flex gap-6">
        <FiltersSidebar value={filters} onChange={setFilters} onClear={clearFilters} />
        <section aria-labelledby="browse-results-heading" aria-busy={view.kind === 'loading' || undefined} className="min-w-0 flex-1">
          <h2 id="browse-results-heading" className="sr-only">{t`Results`}</h2>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <p aria-live="polite" aria-atomic="true" className="min-h-6 text-sm text-muted" data-testid="result-count">
              {total !== undefined && (
                <><span data-testid="result-total">{total}</span> {plural(total, { one: 'listing', other: 'listings' })}</>
              )}
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <Button variant="secondary" className="lg:hidden" onClick={() => setDialogOpen(true)} data-testid="open-filters"
                aria-haspopup="dialog" onPointerOver={preloadFiltersDialog} onFocus={preloadFiltersDialog}>
                <FilterIcon />
                {active > 0 ? t`Filters (${active})` : t`Filters`}
              </Button>
              <SortAndPageSize sort={state.sort} pageSize={state.pageSize}
                onSortChange={(sort) => go(withSort(state, sort))}
                onPageSizeChange={(size) => go(withPageSize(state, size))} />
            </div>
          </div>
          <ResultsGrid view={view} onRetry={results.retry} onClearFilters={hasFilters(filters) ? clearFilters : undefined} />
          {stored && !pastEnd && (
            <Pagination page={state.page} totalPages={stored.page.totalPages} hrefFor={(p) => href(withPage(state, p))} />
          )}
        </section>
      </div>
      <OnDemandPart open={dialogOpen} onClose={() => setDialogOpen(false)}>
        <FiltersDialog initial={filters} onClose={() => setDialogOpen(false)}
          onApply={(next) => {
            setDialogOpen(false);
            setFilters(next);
          }} />
      </OnDemandPart>
    </div>
  );
}
