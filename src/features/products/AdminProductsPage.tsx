import { useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { productsApi } from '../../api/products';
import { SNACKBAR_MS } from '../../domain/constants';
import type { Product, ProductInput } from '../../domain/products';
import { notify, type Severity } from '../../state/snackbar';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { DeleteProductDialog } from './DeleteProductDialog';
import { useProductFailure } from './messages';
import { ProductDialog, type ProductSaveResult } from './ProductDialog';
import { ProductItem } from './ProductItem';
import { firstPerField, sortProducts } from './productForm';
import { useProductsLayout, type ProductsLayout } from './viewMode';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';

const SKELETONS = 6;
const LAYOUT_CLASS: Record<ProductsLayout, string> = {
  grid: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  list: 'flex flex-col gap-3',
};

type ProductAction = 'create' | 'update' | 'delete';

/** One snackbar per action and product: a newer outcome replaces the older one (spec 3 §9: 6 s). */
function toast(action: ProductAction, productId: string, message: string, severity: Severity): void {
  notify(message, { key: `product:${action}:${productId}`, severity, durationMs: SNACKBAR_MS });
}

function ItemSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-2"><Skeleton className="h-10 flex-1" /><Skeleton className="h-10 flex-1" /></div>
    </div>
  );
}

/**
 * /admin/products (spec 2 §2, §8): the product catalogue as a grid (the default) or a list, the
 * choice kept on this device; Add Product, Edit and Delete. The catalogue is read from the server
 * each time (GET /product, Admin) and each write's answer updates it in place.
 */
export default function AdminProductsPage() {
  const { t } = useLingui();
  const online = useOnline();
  const failureText = useProductFailure();
  const [layout, setLayout] = useProductsLayout();
  const heading = useRef<HTMLHeadingElement>(null);
  // The catalogue as last read, then as the writes left it (their answers are the server's rows).
  const [products, setProducts] = useState<Product[] | null>(null);
  const { status, error, retry } = usePulled('products:all', async () => {
    const list = await productsApi.all();
    setProducts(list);
    return list;
  });
  // The dialog open: a product to edit, or null to add one. `opening` remounts it for a fresh form.
  const [editing, setEditing] = useState<{ product: Product | null; opening: number } | null>(null);
  const [deleting, setDeleting] = useState<{ product: Product; failure: string | null } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const open = (product: Product | null) => setEditing((e) => ({ product, opening: (e?.opening ?? 0) + 1 }));
  const replace = (product: Product) =>
    setProducts((list) => sortProducts([...(list ?? []).filter((p) => p.id !== product.id), product]));

  const save = async (input: ProductInput): Promise<ProductSaveResult> => {
    const existing = editing?.product ?? null;
    try {
      const saved = existing ? await productsApi.update(existing.id, input) : await productsApi.create(input);
      replace(saved);
      setEditing(null);
      const { name } = saved;
      toast(existing ? 'update' : 'create', saved.id, existing ? t`Product ${name} saved` : t`Product ${name} created`, 'success');
      return { ok: true };
    } catch (failure) {
      // Spec 2 §8 swallows these; the dialog keeps the input and says why instead (docs/decisions.md).
      if (existing && failure instanceof ApiError && failure.status === 404) retry();
      const reason = failureText(failure);
      const failed = existing ? t`Failed to save product` : t`Failed to create product`;
      return {
        ok: false,
        message: reason ? `${failed}: ${reason}` : failed,
        fieldErrors: failure instanceof ApiError ? firstPerField(failure.errors) : {},
      };
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { product } = deleting;
    const { name } = product;
    setDeleteBusy(true);
    try {
      const outcome = await productsApi.remove(product.id);
      if (outcome.removed) {
        setProducts((list) => (list ?? []).filter((p) => p.id !== product.id));
        toast('delete', product.id, t`Product ${name} deleted`, 'success');
        // Its item and buttons are gone: start again at the heading, not at the page's top.
        setTimeout(() => heading.current?.focus(), 0);
      } else {
        replace(outcome.product);
        toast('delete', product.id, t`${name} is in use by a subscription or a purchase, so it was deactivated instead and kept for their history.`, 'info');
      }
      setDeleting(null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) {
        // Gone already (another Admin): nothing left to delete.
        setProducts((list) => (list ?? []).filter((p) => p.id !== product.id));
        setDeleting(null);
        return;
      }
      const reason = failureText(failure);
      const failed = t`Failed to delete product`;
      setDeleting({ product, failure: reason ? `${failed}: ${reason}` : failed });
    } finally {
      setDeleteBusy(false);
    }
  };

  const count = products?.length ?? 0;
  const loading = products === null && status === 'loading';
  const serverText = error instanceof ApiError && !error.isNetworkError ? error.message : null;

  let body;
  if (loading) {
    body = (
      <>
        <p role="status" className="sr-only"><Trans>Loading products…</Trans></p>
        <ul className={LAYOUT_CLASS[layout]}>
          {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><ItemSkeleton /></li>)}
        </ul>
      </>
    );
  } else if (products === null) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="products-error">
        <Alert tone="error" title={t`Failed to fetch products`}>
          {serverText
            ? <p className="text-danger" data-testid="products-error-text">{serverText}</p>
            : <p>{online ? t`The server could not be reached.` : t`You are offline.`}</p>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else if (count === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="products-empty">
        <p role="status" className="text-lg font-semibold"><Trans>No products yet</Trans></p>
        <p className="text-muted"><Trans>Add the plans and token packs companies can buy.</Trans></p>
        <Button onClick={() => open(null)} disabled={!online}><Trans>Add Product</Trans></Button>
      </div>
    );
  } else {
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted" data-testid="products-count">
          <Plural value={count} one="# product" other="# products" />
        </p>
        <ul className={LAYOUT_CLASS[layout]} data-testid="products-list" data-layout={layout}>
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductItem product={product} layout={layout} disabled={!online}
                onEdit={() => open(product)} onDelete={() => setDeleting({ product, failure: null })} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Products</Trans></h1>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={t`Layout`} className="inline-flex overflow-hidden rounded-md border border-border">
            {(['grid', 'list'] as const).map((option) => (
              <button key={option} type="button" aria-pressed={layout === option} data-testid={`products-layout-${option}`}
                onClick={() => setLayout(option)}
                className={`min-h-10 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${layout === option ? 'bg-accent text-on-accent' : 'bg-surface text-fg hover:bg-surface-2'}`}>
                {option === 'grid' ? t`Grid` : t`List`}
              </button>
            ))}
          </div>
          <Button onClick={() => open(null)} disabled={!online} data-testid="product-add"><Trans>Add Product</Trans></Button>
        </div>
      </div>
      <p className="mt-2 text-muted">
        <Trans>The subscription plans and one-time token packs companies can buy.</Trans>
      </p>
      {!online && (
        <div className="mt-4"><Alert><Trans>You are offline. Products can be changed when you are back online.</Trans></Alert></div>
      )}
      <div className="mt-6" aria-busy={loading || undefined}>{body}</div>

      {editing && (
        <ProductDialog key={editing.opening} product={editing.product} onClose={() => setEditing(null)} onSave={save} />
      )}
      {deleting && (
        <DeleteProductDialog product={deleting.product} failure={deleting.failure} busy={deleteBusy}
          onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </div>
  );
}
