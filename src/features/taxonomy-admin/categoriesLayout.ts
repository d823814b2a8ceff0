import { useStoredLayout } from '../../ui/useStoredLayout';

export type CategoriesLayout = 'grid' | 'list' | 'table';
/** The views offered, the default (grid, spec 3 §2) first. */
export const CATEGORIES_LAYOUTS: readonly [CategoriesLayout, ...CategoriesLayout[]] = ['grid', 'list', 'table'];

/** localStorage key of the categories page's layout, kept per device. */
export const CATEGORIES_LAYOUT_KEY = 'adminCategories.layout';

/** The layout chosen on this device (grid unless another was chosen), and its setter that remembers it. */
export const useCategoriesLayout = () => useStoredLayout(CATEGORIES_LAYOUT_KEY, CATEGORIES_LAYOUTS);
