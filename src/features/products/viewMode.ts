import { useState } from 'react';
import { safeGet, safeSet } from '../../api/storage';

export type ProductsLayout = 'grid' | 'list';

/** localStorage key of the products page's layout (spec 2 §2: grid by default), kept per device. */
export const PRODUCTS_LAYOUT_KEY = 'adminProducts.layout';

/** The layout chosen on this device (grid unless the list was chosen), and its setter that remembers it. */
export function useProductsLayout(): [ProductsLayout, (layout: ProductsLayout) => void] {
  const [layout, setLayout] = useState<ProductsLayout>(() => (safeGet('local', PRODUCTS_LAYOUT_KEY) === 'list' ? 'list' : 'grid'));
  const choose = (next: ProductsLayout) => {
    setLayout(next);
    safeSet('local', PRODUCTS_LAYOUT_KEY, next);
  };
  return [layout, choose];
}
