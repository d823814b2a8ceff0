import { useMemo, useRef } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCategories, useSubCategoryCounts } from '../../db/hooks';
import { pullTaxonomy } from '../../sync/pull';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FilterField } from '../../ui/FilterField';
import { LayoutToggle } from '../../ui/LayoutToggle';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { useSortedFiltered, type SortFilterSpec } from '../../ui/useSortedFiltered';
import type { Category } from '../../domain/taxonomy';
import { CATEGORIES_LAYOUTS, useCategoriesLayout, type CategoriesLayout } from './categoriesLayout';
import { CategoryItem } from './CategoryItem';
import { CategoryTable, type CategoryColumn } from './CategoryTable';
import { useCategoryActions } from './useCategoryActions';

const SKELETONS = 6;
const NO_COUNTS: ReadonlyMap<string, number> = new Map();
const LAYOUT_CLASS: Record<CategoriesLayout, string> = {
  grid: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  list: 'flex flex-col gap-3',
  table: 'flex flex-col gap-2',
};

function ItemSkeleton({ layout }: { layout: CategoriesLayout }) {
  if (layout !== 'grid') return <Skeleton className={layout === 'table' ? 'h-14 w-full' : 'h-24 w-full'} />;
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-2"><Skeleton className="h-10 flex-1" /><Skeleton className="h-10 flex-1" /></div>
    </div>
  );
}

/**
 * /admin/categories (spec 3 §2, §5): the categories as a grid (the default), a list or a table,
 * the choice kept on this device; Add Category, Edit and Delete. The cards read the shared
 * taxonomy in Dexie (pulled on opening); every write pulls it again, so the browse filters, the
 * planner and the listing editor see the change.
 */
export default function CategoriesAdminPage() {
  const { t } = useLingui();
  const categories = useCategories();
  const subCounts = useSubCategoryCounts() ?? NO_COUNTS;
  const { status, retry } = usePulled('taxonomy', pullTaxonomy);
  const online = useOnline();
  const [layout, setLayout] = useCategoriesLayout();
  const spec = useMemo((): SortFilterSpec<Category, CategoryColumn> => ({
    searchText: (c) => [c.name, c.shortDescription, c.description],
    columns: {
      name: (a, b, collator) => collator.compare(a.name, b.name),
      subCategories: (a, b) => (subCounts.get(a.id) ?? 0) - (subCounts.get(b.id) ?? 0),
    },
  }), [subCounts]);
  const { query, setQuery, sort, toggleSort, visible } = useSortedFiltered(categories, spec);
  const heading = useRef<HTMLHeadingElement>(null);
  // Its item and buttons are gone: start again at the heading, not at the page's top.
  const actions = useCategoryActions(() => setTimeout(() => heading.current?.focus(), 0));

  const count = categories?.length ?? 0;
  const loading = categories === undefined || (count === 0 && status === 'loading');
  const failed = status === 'offline' || status === 'error';
  const layoutLabel: Record<CategoriesLayout, string> = { grid: t`Grid`, list: t`List`, table: t`Table` };

  let body;
  if (loading) {
    body = (
      <>
        <p role="status" className="sr-only"><Trans>Loading categories…</Trans></p>
        <ul className={LAYOUT_CLASS[layout]}>
          {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><ItemSkeleton layout={layout} /></li>)}
        </ul>
      </>
    );
  } else if (count === 0 && failed) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="categories-error">
        <Alert tone="error">
          {status === 'offline'
            ? <Trans>The categories could not be loaded: the server cannot be reached.</Trans>
            : <Trans>Failed to fetch categories</Trans>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else if (count === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="categories-empty">
        <p role="status" className="text-lg font-semibold"><Trans>No categories found</Trans></p>
        <Button onClick={() => actions.edit(null)} disabled={!online}><Trans>Add Category</Trans></Button>
      </div>
    );
  } else {
    const shown = visible.length;
    body = (
      <>
        {failed && (
          <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="categories-stale">
            <Alert><Trans>Showing the categories stored on this device: they could not be refreshed.</Trans></Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </div>
        )}
        <FilterField label={t`Filter categories`} value={query} onChange={setQuery} className="mb-3 max-w-md" data-testid="categories-filter" />
        <p role="status" className="mb-3 text-sm text-muted" data-testid="categories-count">
          {shown === count
            ? <Plural value={count} one="# category" other="# categories" />
            : <Trans>{shown} of {count} categories</Trans>}
        </p>
        {shown === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-border bg-surface p-6" data-testid="categories-no-match">
            <p className="font-semibold"><Trans>No categories match "{query}"</Trans></p>
            <Button variant="secondary" onClick={() => setQuery('')}><Trans>Clear filter</Trans></Button>
          </div>
        ) : layout === 'table' ? (
          <CategoryTable categories={visible} subCategoryCounts={subCounts} disabled={!online}
            onEdit={actions.edit} onDelete={actions.remove} sort={sort} onSort={toggleSort} />
        ) : (
          <ul className={LAYOUT_CLASS[layout]} data-testid="categories-list" data-layout={layout}>
            {visible.map((category) => (
              <li key={category.id} className="flex">
                <CategoryItem category={category} subCategoryCount={subCounts.get(category.id) ?? 0} layout={layout}
                  disabled={!online} onEdit={() => actions.edit(category)} onDelete={() => actions.remove(category)} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Categories</Trans></h1>
        <div className="flex flex-wrap items-center gap-2">
          <LayoutToggle layouts={CATEGORIES_LAYOUTS} value={layout} onChange={setLayout} labels={layoutLabel} testId="categories-layout" />
          <Button onClick={() => actions.edit(null)} disabled={!online} data-testid="category-add"><Trans>Add Category</Trans></Button>
        </div>
      </div>
      <p className="mt-2 text-muted">
        <Trans>The service categories companies list under and visitors browse by.</Trans>
      </p>
      {!online && (
        <div className="mt-4"><Alert><Trans>You are offline. Categories can be changed when you are back online.</Trans></Alert></div>
      )}
      <div className="mt-6" aria-busy={loading || undefined}>{body}</div>
      {actions.dialogs}
    </div>
  );
}
