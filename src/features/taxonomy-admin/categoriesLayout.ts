import { useState } from 'react';
import { safeGet, safeSet } from '../../api/storage';

export type CategoriesLayout = 'grid' | 'list' | 'table';
export const CATEGORIES_LAYOUTS: readonly CategoriesLayout[] = ['grid', 'list', 'table'];

/** localStorage key of the categories page's layout (spec 3 §2: grid by default), kept per device. */
export const CATEGORIES_LAYOUT_KEY = 'adminCategories.layout';

const isLayout = (value: string | null): value is CategoriesLayout =>
  CATEGORIES_LAYOUTS.includes(value as CategoriesLayout);

/** The layout chosen on this device (grid unless another was chosen), and its setter that remembers it. */
export function useCategoriesLayout(): [CategoriesLayout, (layout: CategoriesLayout) => void] {
  const [layout, setLayout] = useState<CategoriesLayout>(() => {
    const stored = safeGet('local', CATEGORIES_LAYOUT_KEY);
    return isLayout(stored) ? stored : 'grid';
  });
  const choose = (next: CategoriesLayout) => {
    setLayout(next);
    safeSet('local', CATEGORIES_LAYOUT_KEY, next);
  };
  return [layout, choose];
}
