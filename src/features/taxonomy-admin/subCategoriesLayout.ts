import { useStoredLayout } from '../../ui/useStoredLayout';

export type SubCategoriesLayout = 'grid' | 'list';
/** The views offered, the default (grid, spec 3 §2) first. */
export const SUB_CATEGORIES_LAYOUTS: readonly [SubCategoriesLayout, ...SubCategoriesLayout[]] = ['grid', 'list'];

/** localStorage key of the sub-categories page's layout, kept per device. */
export const SUB_CATEGORIES_LAYOUT_KEY = 'adminSubCategories.layout';

/** The layout chosen on this device (grid unless another was chosen), and its setter that remembers it. */
export const useSubCategoriesLayout = () => useStoredLayout(SUB_CATEGORIES_LAYOUT_KEY, SUB_CATEGORIES_LAYOUTS);
