import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { usePageTitle } from '../../ui/page-title';
import { searchPageName } from '../../ui/page-titles';
import { CategoryResultCards, CategoryResultSkeletons } from './CategoryResultCards';
import { SearchBox } from './SearchBox';
import { useCategoryResults } from './useCategoryResults';

/**
 * Search results (/search?q=, spec 1 §2): a card per category with matching listings (counts above
 * 0 only), each opening /listings?categoryId=…&search=…. Read from Dexie after a pull, so a query
 * seen before shows offline. 'No results found' when nothing matches; 'An error occurred' when the
 * pull fails and nothing is stored.
 */
export default function SearchPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { record, failed, retry } = useCategoryResults(q);
  const results = record?.categoryResults.filter((r) => r.listingCount > 0);
  usePageTitle(searchPageName(i18n, q));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-accent" data-testid="search-title">
        {q ? <Trans>Search results for “{q}”</Trans> : <Trans>Search</Trans>}
      </h1>
      <div className="mt-4">
        {/* Keyed by the query: a new search starts the box from the URL. */}
        <SearchBox key={q} initial={q} />
      </div>
      <section className="mt-8" aria-labelledby="search-categories-heading" aria-busy={(!record && !failed) || undefined}>
        <h2 id="search-categories-heading" className="mb-4 text-xl font-semibold">{t`Categories`}</h2>
        {results ? (
          <>
            {failed && (
              <p role="status" className="mb-3 text-sm text-muted">
                <Trans>Could not reach the server. Showing results saved on this device.</Trans>
              </p>
            )}
            {results.length > 0
              ? <CategoryResultCards results={results} q={q} />
              : <p role="status" className="text-lg" data-testid="search-empty">{t`No results found`}</p>}
          </>
        ) : failed ? (
          <div className="flex flex-col items-start gap-3" data-testid="search-error">
            <Alert tone="error">{t`An error occurred`}</Alert>
            <Button variant="secondary" onClick={retry}>{t`Try again`}</Button>
          </div>
        ) : (
          <CategoryResultSkeletons />
        )}
      </section>
    </div>
  );
}
