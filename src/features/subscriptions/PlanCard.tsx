import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ProductType, type Product } from '../../domain/products';
import { Button } from '../../ui/Button';
import { useProductPrice } from '../../ui/productLabels';

export interface PlanCardProps {
  product: Product;
  /** This is the company's running plan: marked, and not bought again by accident. */
  current: boolean;
  /** Buying is off (offline, or another checkout starting). */
  disabled: boolean;
  /** This card's checkout is starting. */
  busy: boolean;
  onBuy: () => void;
}

/**
 * One plan or token pack on sale: name, price ('$99/year' or '$49'), description, what it grants,
 * and Choose (a subscription) or Buy (a token pack), which starts the checkout.
 */
export function PlanCard({ product, current, disabled, busy, onBuy }: PlanCardProps) {
  const { t } = useLingui();
  const price = useProductPrice();
  const headingId = useId();
  const { name, listingsTokens: listings, eventClickTokens: clicks } = product;
  const subscription = product.type === ProductType.Subscription;
  return (
    <article aria-labelledby={headingId} data-testid="plan-card" data-product-id={product.id}
      className={`flex w-full flex-col gap-3 rounded-lg border bg-surface p-4 ${current ? 'border-accent' : 'border-border'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-lg font-semibold leading-snug">{name}</h3>
        {current && (
          <span className="inline-flex shrink-0 items-center rounded-full border border-accent px-2.5 py-0.5 text-xs font-semibold text-accent">
            <Trans>Your plan</Trans>
          </span>
        )}
      </div>
      <p className="text-2xl font-bold" data-testid="plan-price">{price(product)}</p>
      {product.description && <p className="whitespace-pre-line break-words text-sm text-muted">{product.description}</p>}
      <ul className="flex flex-col gap-1 text-sm" aria-label={t`What ${name} gives`} data-testid="plan-grants">
        {subscription ? (
          <>
            <li><Plural value={listings} one="# listing token a year" other="# listing tokens a year" /></li>
            <li><Plural value={clicks} one="# event click a year" other="# event clicks a year" /></li>
          </>
        ) : (
          <>
            <li><Plural value={listings} one="# extra listing token" other="# extra listing tokens" /></li>
            <li><Plural value={clicks} one="# extra event click" other="# extra event clicks" /></li>
            <li className="text-muted"><Trans>Kept until used; they do not expire with a plan.</Trans></li>
          </>
        )}
      </ul>
      <div className="mt-auto pt-1">
        {/* Named with the plan: a list of bare "Choose" buttons reads the same for each card. */}
        <Button className="w-full" onClick={onBuy} disabled={disabled || current} loading={busy} data-testid="plan-buy"
          aria-label={current ? t`${name} is your plan` : subscription ? t`Choose ${name}` : t`Buy ${name}`}>
          {current ? <Trans>Your plan</Trans> : subscription ? <Trans>Choose</Trans> : <Trans>Buy</Trans>}
        </Button>
      </div>
    </article>
  );
}
