import { useEffect } from 'react';

/**
 * Which forms have unsaved changes, so nothing reloads the page under them (the update prompt asks
 * first). A form calls `markDirty(id, true)` when edited and `markDirty(id, false)` when saved or
 * left, or simply `useDirtyForm(id, dirty)`.
 */
const dirty = new Set<string>();

export function markDirty(id: string, isDirty: boolean): void {
  if (isDirty) dirty.add(id);
  else dirty.delete(id);
}

export function anyDirty(): boolean {
  return dirty.size > 0;
}

/** Keeps the registry in step with a form's dirty flag; unmounting clears it. */
export function useDirtyForm(id: string, isDirty: boolean): void {
  useEffect(() => {
    markDirty(id, isDirty);
    return () => markDirty(id, false);
  }, [id, isDirty]);
}
