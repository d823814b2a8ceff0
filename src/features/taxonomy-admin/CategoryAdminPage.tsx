import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import { paths } from '../../config/paths';
import { useCategory, useSubCategories } from '../../db/hooks';
import type { SubCategory } from '../../domain/taxonomy';
import { pullTaxonomy } from '../../sync/pull';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { TaxonomyImage } from './TaxonomyImage';
import { useCategoryActions } from './useCategoryActions';
import { useSubCategoryActions } from './useSubCategoryActions';

/** A sub-category of the category, linking to its own page. */
function SubCategoryCard({ subCategory }: { subCategory: SubCategory }) {
  return (
    <Link href={paths.adminSubCategory.href(subCategory.id)} data-testid="subcategory-card"
      className="flex w-full gap-3 rounded-lg border border-border bg-surface p-3 hover:border-accent focus-visible:outline-2 focus-visible:outline-accent">
      <TaxonomyImage item={subCategory} width={128} className="aspect-square w-16 shrink-0 rounded" />
      <span className="flex min-w-0 flex-col">
        <span className="break-words font-semibold text-fg">{subCategory.name}</span>
        {subCategory.shortDescription && <span className="line-clamp-2 break-words text-sm text-muted">{subCategory.shortDescription}</span>}
      </span>
    </Link>
  );
}

/**
 * /admin/categories/{id} (spec 3 §2): one category with its description and its sub-categories,
 * each linking to /admin/subCategories/{id}; Edit and Delete as on the list. Read from the stored
 * taxonomy, pulled on opening.
 */
export default function CategoryAdminPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const online = useOnline();
  const { status, retry } = usePulled('taxonomy', pullTaxonomy);
  const category = useCategory(id);
  const subCategories = useSubCategories(id);
  const actions = useCategoryActions(() => navigate(paths.adminSection.href('categories')), { leaves: true });
  // A sub-category added here starts under this category; its card appears in the list below.
  const subActions = useSubCategoryActions(() => undefined);

  const failed = status === 'offline' || status === 'error';
  const loading = category === undefined || (category === null && status === 'loading');

  let body;
  if (loading) {
    body = (
      <div aria-busy="true" className="mt-4 flex flex-col gap-4">
        <p role="status" className="sr-only"><Trans>Loading category…</Trans></p>
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-40 w-40" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  } else if (category === null) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-3" data-testid="category-missing">
        <Alert tone="error">
          {failed ? <Trans>Failed to fetch category</Trans> : <Trans>Category not found</Trans>}
        </Alert>
        <div className="flex flex-wrap gap-2">
          {failed && <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>}
          <Link href={paths.adminSection.href('categories')} className="text-accent hover:underline"><Trans>Back to categories</Trans></Link>
        </div>
      </div>
    );
  } else {
    const { name } = category;
    const subs = subCategories ?? [];
    body = (
      <>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <h1 tabIndex={-1} className="min-w-0 break-words text-3xl font-bold outline-none">{name}</h1>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => actions.edit(category)} disabled={!online} data-testid="category-edit">
              <Trans>Edit</Trans>
            </Button>
            <Button variant="danger" onClick={() => actions.remove(category)} disabled={!online} data-testid="category-delete">
              <Trans>Delete</Trans>
            </Button>
          </div>
        </div>
        {!online && (
          <div className="mt-4"><Alert><Trans>You are offline. Categories can be changed when you are back online.</Trans></Alert></div>
        )}
        {failed && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Alert><Trans>Showing the category stored on this device: it could not be refreshed.</Trans></Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </div>
        )}
        <div className="mt-6 flex flex-col gap-6 sm:flex-row">
          <TaxonomyImage item={category} className="aspect-square w-40 shrink-0 rounded-lg" />
          <div className="flex min-w-0 flex-col gap-2">
            <p className="break-words font-medium" data-testid="category-short">{category.shortDescription}</p>
            <p className="whitespace-pre-line break-words text-muted" data-testid="category-description">{category.description}</p>
          </div>
        </div>
        <section aria-labelledby="subcategories-heading" className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="subcategories-heading" className="text-xl font-semibold"><Trans>Sub-categories</Trans></h2>
            <Button variant="secondary" onClick={() => subActions.edit(null, category.id)} disabled={!online} data-testid="category-add-subcategory">
              <Trans>Add Sub-category</Trans>
            </Button>
          </div>
          <p className="mt-1 text-sm text-muted" role="status">
            <Plural value={subs.length} one="# sub-category" other="# sub-categories" />
          </p>
          {subs.length === 0 ? (
            <p className="mt-3 text-muted" data-testid="subcategories-empty"><Trans>No sub-categories found</Trans></p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="subcategories-list" aria-label={t`Sub-categories of ${name}`}>
              {subs.map((sub) => <li key={sub.id} className="flex"><SubCategoryCard subCategory={sub} /></li>)}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb trail={[{ label: t`Categories`, href: paths.adminSection.href('categories') }]} />
      {body}
      {actions.dialogs}
      {subActions.dialogs}
    </div>
  );
}
