import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CURRENCY_ISO, type Product } from '../../domain/products';
import { useProductPrice, useProductTypeLabel } from '../../ui/productLabels';
import type { ProductsLayout } from './viewMode';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';

export interface ProductItemProps {
  product: Product;
  layout: ProductsLayout;
  onEdit: () => void;
  onDelete: () => void;
  /** Writes need the server: the buttons are off while the device is offline. */
  disabled?: boolean;
}

const chip = 'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

/**
 * One product of the catalogue, as a card (grid) or a row (list): name, type, price ('$99/year',
 * '$49'), description, the tokens it grants, whether it is on sale, and Edit and Delete.
 */
export function ProductItem({ product, layout, onEdit, onDelete, disabled }: ProductItemProps) {
  const { t } = useLingui();
  const price = useProductPrice();
  const typeLabel = useProductTypeLabel();
  const headingId = useId();
  const { name } = product;
  const row = layout === 'list';

  const facts = (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${row ? 'sm:min-w-56' : ''}`}>
      <dt className="text-muted"><Trans>Listing tokens</Trans></dt>
      <dd data-testid="product-listings-tokens">{product.listingsTokens}</dd>
      <dt className="text-muted"><Trans>Event clicks</Trans></dt>
      <dd data-testid="product-event-tokens">{product.eventClickTokens}</dd>
      <dt className="text-muted"><Trans>Currency</Trans></dt>
      <dd>{CURRENCY_ISO[product.currency].toUpperCase()}</dd>
    </dl>
  );
  const buttons = (
    <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} disabled={disabled} className={row ? 'sm:flex-col' : 'mt-auto pt-1'} />
  );

  return (
    <article aria-labelledby={headingId} data-testid="product-item" data-layout={layout}
      className={`flex w-full gap-3 rounded-lg border border-border bg-surface p-4 ${row ? 'flex-col sm:flex-row sm:items-start' : 'flex-col'}`}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="min-w-0 break-words text-lg font-semibold leading-snug">{name}</h2>
          <span data-testid="product-status"
            className={`${chip} ${product.isActive ? 'border-success text-success' : 'border-border bg-surface-2 text-muted'}`}>
            {product.isActive ? t`Active` : t`Inactive`}
          </span>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-xl font-bold" data-testid="product-price">{price(product)}</span>
          <span className="text-sm text-muted" data-testid="product-type">{typeLabel(product.type)}</span>
        </p>
        {product.description
          ? <p className="whitespace-pre-line break-words text-sm text-muted" data-testid="product-description">{product.description}</p>
          : <p className="text-sm italic text-muted"><Trans>No description</Trans></p>}
      </div>
      {facts}
      {buttons}
    </article>
  );
}
