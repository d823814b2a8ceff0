import { useMemo, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAllSubCategories, useCategories } from '../../db/hooks';
import type { Category, SubCategory } from '../../domain/taxonomy';
import { pullTaxonomy } from '../../sync/pull';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FilterField } from '../../ui/FilterField';
import { LayoutToggle } from '../../ui/LayoutToggle';
import { SelectField } from '../../ui/SelectField';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { useSortedFiltered, type SortFilterSpec } from '../../ui/useSortedFiltered';
import { SUB_CATEGORIES_LAYOUTS, useSubCategoriesLayout, type SubCategoriesLayout } from './subCategoriesLayout';
import { SubCategoryItem } from './SubCategoryItem';
import { useSubCategoryActions } from './useSubCategoryActions';

const SKELETONS = 6;
const NO_CATEGORIES: readonly Category[] = [];
const LAYOUT_CLASS: Record<SubCategoriesLayout, string> = {
  grid: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  list: 'flex flex-col gap-3',
};

function ItemSkeleton({ layout }: { layout: SubCategoriesLayout }) {
  if (layout === 'list') return <Skeleton className="h-24 w-full" />;
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-2"><Skeleton className="h-10 flex-1" /><Skeleton className="h-10 flex-1" /></div>
    </div>
  );
}

/** Sub-categories are listed by their category's order, then by name (the server's order). */
function byCategoryOrder(subs: readonly SubCategory[], categories: readonly Category[]): SubCategory[] {
  const rank = new Map(categories.map((c, i) => [c.id, i]));
  // Array.prototype.sort is stable: the stored (by name) order holds within a category.
  return [...subs].sort((a, b) => (rank.get(a.categoryId) ?? Infinity) - (rank.get(b.categoryId) ?? Infinity));
}

/**
 * /admin/subcategories (spec 3 §2, §5): every sub-category as a grid (the default) or a list, the
 * choice kept on this device, narrowed by parent category and by text; Add Sub-category, Edit and
 * Delete. Reads the shared taxonomy in Dexie (pulled on opening), as /admin/categories does.
 */
export default function SubCategoriesAdminPage() {
  const { t } = useLingui();
  const categories = useCategories();
  const subCategories = useAllSubCategories();
  const { status, retry } = usePulled('taxonomy', pullTaxonomy);
  const online = useOnline();
  const [layout, setLayout] = useSubCategoriesLayout();
  const [categoryId, setCategoryId] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Its item and buttons are gone: start again at the heading, not at the page's top.
  const actions = useSubCategoryActions(() => setTimeout(() => heading.current?.focus(), 0));

  const categoryList = categories ?? NO_CATEGORIES;
  const categoryById = useMemo(() => new Map(categoryList.map((c) => [c.id, c])), [categoryList]);
  const inCategory = useMemo(() => {
    const ordered = byCategoryOrder(subCategories ?? [], categoryList);
    return categoryId ? ordered.filter((s) => s.categoryId === categoryId) : ordered;
  }, [subCategories, categoryList, categoryId]);
  const spec = useMemo((): SortFilterSpec<SubCategory, never> => ({
    searchText: (s) => [s.name, s.shortDescription, s.description, categoryById.get(s.categoryId)?.name],
    columns: {},
  }), [categoryById]);
  const { query, setQuery, visible } = useSortedFiltered(inCategory, spec);

  const count = subCategories?.length ?? 0;
  const loading = subCategories === undefined || categories === undefined || (count === 0 && status === 'loading');
  const failed = status === 'offline' || status === 'error';
  const layoutLabel: Record<SubCategoriesLayout, string> = { grid: t`Grid`, list: t`List` };
  const add = () => actions.edit(null, categoryId || undefined);

  let body;
  if (loading) {
    body = (
      <>
        <p role="status" className="sr-only"><Trans>Loading sub-categories…</Trans></p>
        <ul className={LAYOUT_CLASS[layout]}>
          {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><ItemSkeleton layout={layout} /></li>)}
        </ul>
      </>
    );
  } else if (count === 0 && failed) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="subcategories-error">
        <Alert tone="error">
          {status === 'offline'
            ? <Trans>The sub-categories could not be loaded: the server cannot be reached.</Trans>
            : <Trans>Failed to fetch sub-categories</Trans>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else {
    const shown = visible.length;
    const total = inCategory.length;
    let items;
    if (shown > 0) {
      items = (
        <ul className={LAYOUT_CLASS[layout]} data-testid="subcategories-list" data-layout={layout}>
          {visible.map((sub) => (
            <li key={sub.id} className="flex">
              <SubCategoryItem subCategory={sub} category={categoryById.get(sub.categoryId)} layout={layout} disabled={!online}
                onEdit={() => actions.edit(sub)} onDelete={() => actions.remove(sub)} />
            </li>
          ))}
        </ul>
      );
    } else if (total > 0) {
      items = (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-border bg-surface p-6" data-testid="subcategories-no-match">
          <p className="font-semibold"><Trans>No sub-categories match "{query}"</Trans></p>
          <Button variant="secondary" onClick={() => setQuery('')}><Trans>Clear filter</Trans></Button>
        </div>
      );
    } else {
      items = (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="subcategories-empty">
          <p className="text-lg font-semibold"><Trans>No sub-categories found</Trans></p>
          <Button onClick={add} disabled={!online || categoryList.length === 0}><Trans>Add Sub-category</Trans></Button>
        </div>
      );
    }
    body = (
      <>
        {failed && (
          <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="subcategories-stale">
            <Alert><Trans>Showing the sub-categories stored on this device: they could not be refreshed.</Trans></Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </div>
        )}
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField label={t`Category`} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}
            className="sm:w-64" data-testid="subcategories-category-filter">
            <option value="">{t`All categories`}</option>
            {categoryList.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </SelectField>
          <FilterField label={t`Filter sub-categories`} value={query} onChange={setQuery} className="sm:max-w-md sm:flex-1"
            data-testid="subcategories-filter" />
        </div>
        <p role="status" className="mb-3 text-sm text-muted" data-testid="subcategories-count">
          {shown === count
            ? <Plural value={count} one="# sub-category" other="# sub-categories" />
            : <Trans>{shown} of {count} sub-categories</Trans>}
        </p>
        {items}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Sub-categories</Trans></h1>
        <div className="flex flex-wrap items-center gap-2">
          <LayoutToggle layouts={SUB_CATEGORIES_LAYOUTS} value={layout} onChange={setLayout} labels={layoutLabel} testId="subcategories-layout" />
          <Button onClick={add} disabled={!online || categoryList.length === 0} data-testid="subcategory-add">
            <Trans>Add Sub-category</Trans>
          </Button>
        </div>
      </div>
      <p className="mt-2 text-muted">
        <Trans>The finer groups within each category that listings and events are matched by.</Trans>
      </p>
      {!online && (
        <div className="mt-4"><Alert><Trans>You are offline. Sub-categories can be changed when you are back online.</Trans></Alert></div>
      )}
      <div className="mt-6" aria-busy={loading || undefined}>{body}</div>
      {actions.dialogs}
    </div>
  );
}
