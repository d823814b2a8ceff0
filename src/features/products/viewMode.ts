import { useStoredLayout } from '../../ui/useStoredLayout';

export type ProductsLayout = 'grid' | 'list';

/** localStorage key of the products page's layout (spec 2 §2: grid by default), kept per device. */
export const PRODUCTS_LAYOUT_KEY = 'adminProducts.layout';

const PRODUCTS_LAYOUTS: readonly [ProductsLayout, ...ProductsLayout[]] = ['grid', 'list'];

/** The layout chosen on this device (grid unless the list was chosen), and its setter that remembers it. */
export const useProductsLayout = () => useStoredLayout(PRODUCTS_LAYOUT_KEY, PRODUCTS_LAYOUTS);
