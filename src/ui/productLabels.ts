import { useLingui } from '@lingui/react/macro';
import { ProductType, type Product } from '../domain/products';

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * A product's amount as spec 2 §1 and §9 show it: '$' then the price; whole prices without
 * decimals ('$99'), others with two ('$99.50', never '$99.5'). Digits follow the locale
 * ('$1,299.50' in English, '$1 299,50' in Norwegian and Swedish).
 */
export function productAmount(price: number, locale = 'en'): string {
  const key = `${locale}:${Number.isInteger(price) ? 0 : 2}`;
  let format = amountFormats.get(key);
  if (!format) {
    const digits = Number.isInteger(price) ? 0 : 2;
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    amountFormats.set(key, format);
  }
  return `$${format.format(price)}`;
}

/**
 * The price line of a product: '$99/year' for a subscription (a yearly plan), '$49' for a
 * one-time purchase. The '$' is the spec's symbol for every product, whatever its currency.
 */
export function useProductPrice(): (product: Pick<Product, 'price' | 'type'>) => string {
  const { t, i18n } = useLingui();
  return ({ price, type }) => {
    const amount = productAmount(price, i18n.locale);
    return type === ProductType.Subscription ? t`${amount}/year` : amount;
  };
}

/** 'Subscription' or 'One-time' for the type code. */
export function useProductTypeLabel(): (type: number) => string {
  const { t } = useLingui();
  return (type) => (type === ProductType.Subscription ? t`Subscription` : t`One-time`);
}
