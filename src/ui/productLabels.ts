import { useLingui } from '@lingui/react/macro';
import { ProductType, type Product } from '../domain/products';

/**
 * A product's amount as spec 2 §1 and §9 show it: '$' then the price; whole prices without
 * decimals ('$99'), others with two ('$99.50', never '$99.5').
 */
export function productAmount(price: number): string {
  return `$${Number.isInteger(price) ? String(price) : price.toFixed(2)}`;
}

/**
 * The price line of a product: '$99/year' for a subscription (a yearly plan), '$49' for a
 * one-time purchase. The '$' is the spec's symbol for every product, whatever its currency.
 */
export function useProductPrice(): (product: Pick<Product, 'price' | 'type'>) => string {
  const { t } = useLingui();
  return ({ price, type }) => {
    const amount = productAmount(price);
    return type === ProductType.Subscription ? t`${amount}/year` : amount;
  };
}

/** 'Subscription' or 'One-time' for the type code. */
export function useProductTypeLabel(): (type: number) => string {
  const { t } = useLingui();
  return (type) => (type === ProductType.Subscription ? t`Subscription` : t`One-time`);
}
