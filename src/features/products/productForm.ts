import {
  Currency, ProductType, validateProduct, type CurrencyCode, type Product, type ProductInput, type ProductTypeCode,
} from '../../domain/products';
import type { FieldError } from '../../domain/validation';

/**
 * The product dialog's values as typed: the numbers stay text until saved, so a half-typed price
 * ('12.') or an emptied token field is the user's to finish, not rewritten under their cursor.
 */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  currency: CurrencyCode;
  type: ProductTypeCode;
  listingsTokens: string;
  eventClickTokens: string;
  isActive: boolean;
}

export const emptyProductForm = (): ProductFormValues => ({
  name: '', description: '', price: '', currency: Currency.USD, type: ProductType.Subscription,
  listingsTokens: '0', eventClickTokens: '0', isActive: true,
});

export const productFormOf = (product: Product): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: String(product.price),
  currency: product.currency,
  type: product.type,
  listingsTokens: String(product.listingsTokens),
  eventClickTokens: String(product.eventClickTokens),
  isActive: product.isActive,
});

/** A typed number: blank is NaN (never 0), so a blank required field fails its rule. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form sends (POST /product, PUT /product/{id}); the name is trimmed, as the server keeps it. */
export const productInputOf = (values: ProductFormValues): ProductInput => ({
  name: values.name.trim(),
  description: values.description,
  price: numberOf(values.price),
  currency: values.currency,
  type: values.type,
  listingsTokens: numberOf(values.listingsTokens),
  eventClickTokens: numberOf(values.eventClickTokens),
  isActive: values.isActive,
});

/** Spec 2 §8: Create or Save is disabled without a name or a price. */
export const canSaveProduct = (values: ProductFormValues): boolean => values.name.trim() !== '' && values.price.trim() !== '';

/** The form's field errors (the server's rules, src/domain/products.ts validateProduct), first per field. */
export function productFieldErrors(values: ProductFormValues): Partial<Record<keyof ProductInput, string>> {
  return firstPerField(validateProduct(productInputOf(values)));
}

export function firstPerField(errors: readonly FieldError[]): Partial<Record<keyof ProductInput, string>> {
  const byField: Partial<Record<keyof ProductInput, string>> = {};
  for (const { field, message } of errors) {
    const key = field as keyof ProductInput;
    byField[key] ??= message;
  }
  return byField;
}

/** The server's order: subscriptions first, then by price, then by name (GET /product). */
export function sortProducts(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => a.type - b.type || a.price - b.price || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
