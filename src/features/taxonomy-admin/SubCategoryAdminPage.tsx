import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import { paths } from '../../config/paths';
import { useCategory, useSubCategory, useSubCategoryServices } from '../../db/hooks';
import type { SubCategoryService } from '../../domain/taxonomy';
import { pullTaxonomy } from '../../sync/pull';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { TaxonomyImage } from './TaxonomyImage';
import { useSubCategoryActions } from './useSubCategoryActions';

function ServiceRow({ service }: { service: SubCategoryService }) {
  return (
    <li className="flex flex-col gap-0.5 px-4 py-3" data-testid="subcategory-service">
      <span className="break-words font-semibold">{service.name}</span>
      {service.groupName && <span className="text-xs uppercase tracking-wide text-muted">{service.groupName}</span>}
      {service.shortDescription && <span className="break-words text-sm text-muted">{service.shortDescription}</span>}
    </li>
  );
}

/**
 * /admin/subCategories/{id} (spec 3 §2): one sub-category with its image, texts, parent category
 * and its services (read-only here; they are managed on /admin/subcategory-services); Edit and
 * Delete as on the list. Read from the stored taxonomy, pulled on opening.
 */
export default function SubCategoryAdminPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const online = useOnline();
  const { status, retry } = usePulled('taxonomy', pullTaxonomy);
  const subCategory = useSubCategory(id);
  const category = useCategory(subCategory?.categoryId ?? '');
  const services = useSubCategoryServices(subCategory?.id);
  const actions = useSubCategoryActions(() => navigate(paths.adminSection.href('subcategories')), { leaves: true });

  const failed = status === 'offline' || status === 'error';
  const loading = subCategory === undefined || (subCategory === null && status === 'loading');
  const trail = [{ label: t`Sub-categories`, href: paths.adminSection.href('subcategories') }];

  let body;
  if (loading) {
    body = (
      <div aria-busy="true" className="mt-4 flex flex-col gap-4">
        <p role="status" className="sr-only"><Trans>Loading sub-category…</Trans></p>
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-40 w-40" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  } else if (subCategory === null) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-3" data-testid="subcategory-missing">
        <Alert tone="error">
          {failed ? <Trans>Failed to fetch sub-category</Trans> : <Trans>Sub-category not found</Trans>}
        </Alert>
        <div className="flex flex-wrap gap-2">
          {failed && <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>}
          <Link href={paths.adminSection.href('subcategories')} className="text-accent hover:underline"><Trans>Back to sub-categories</Trans></Link>
        </div>
      </div>
    );
  } else {
    const { name } = subCategory;
    const list = services ?? [];
    const categoryName = category?.name;
    body = (
      <>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <h1 tabIndex={-1} className="min-w-0 break-words text-3xl font-bold outline-none">{name}</h1>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => actions.edit(subCategory)} disabled={!online} data-testid="subcategory-edit">
              <Trans>Edit</Trans>
            </Button>
            <Button variant="danger" onClick={() => actions.remove(subCategory)} disabled={!online} data-testid="subcategory-delete">
              <Trans>Delete</Trans>
            </Button>
          </div>
        </div>
        {!online && (
          <div className="mt-4"><Alert><Trans>You are offline. Sub-categories can be changed when you are back online.</Trans></Alert></div>
        )}
        {failed && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Alert><Trans>Showing the sub-category stored on this device: it could not be refreshed.</Trans></Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </div>
        )}
        <div className="mt-6 flex flex-col gap-6 sm:flex-row">
          <TaxonomyImage item={subCategory} className="aspect-square w-40 shrink-0 rounded-lg" />
          <dl className="flex min-w-0 flex-col gap-3">
            <div>
              <dt className="text-sm text-muted"><Trans>Category</Trans></dt>
              <dd data-testid="subcategory-category">
                {categoryName && (
                  <Link href={paths.adminCategory.href(subCategory.categoryId)} className="font-semibold text-accent hover:underline">{categoryName}</Link>
                )}
                {category === undefined && <Skeleton className="h-5 w-32" />}
                {category === null && <span className="italic text-muted"><Trans>Category not stored on this device</Trans></span>}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted"><Trans>Short Description</Trans></dt>
              <dd className="break-words font-medium" data-testid="subcategory-short">
                {subCategory.shortDescription || <span className="italic text-muted"><Trans>No short description</Trans></span>}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted"><Trans>Description</Trans></dt>
              <dd className="whitespace-pre-line break-words" data-testid="subcategory-description">
                {subCategory.description || <span className="italic text-muted"><Trans>No description</Trans></span>}
              </dd>
            </div>
          </dl>
        </div>
        <section aria-labelledby="services-heading" className="mt-8">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="services-heading" className="text-xl font-semibold"><Trans>Services</Trans></h2>
            <Link href={paths.adminSection.href('subcategory-services')} className="text-sm text-accent hover:underline">
              <Trans>Manage sub-category services</Trans>
            </Link>
          </div>
          <p className="mt-1 text-sm text-muted" role="status">
            <Plural value={list.length} one="# service" other="# services" />
          </p>
          {list.length === 0 ? (
            <p className="mt-3 text-muted" data-testid="subcategory-services-empty"><Trans>No SubCategory Services found</Trans></p>
          ) : (
            <ul className="mt-3 divide-y divide-border rounded-lg border border-border bg-surface" data-testid="subcategory-services"
              aria-label={t`Services of ${name}`}>
              {list.map((service) => <ServiceRow key={service.id} service={service} />)}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb trail={trail} />
      {body}
      {actions.dialogs}
    </div>
  );
}
