import { useState } from 'react';
import { safeGet, safeSet } from '../api/storage';

/**
 * A page's layout choice kept on this device under `key`: the first of `layouts` (the default)
 * unless another one of them was chosen, and a setter that remembers the choice.
 */
export function useStoredLayout<L extends string>(key: string, layouts: readonly [L, ...L[]]): [L, (layout: L) => void] {
  const [layout, setLayout] = useState<L>(() => {
    const stored = safeGet('local', key);
    return layouts.find((l) => l === stored) ?? layouts[0];
  });
  const choose = (next: L) => {
    setLayout(next);
    safeSet('local', key, next);
  };
  return [layout, choose];
}
