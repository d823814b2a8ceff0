import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { FilterControls } from './FilterControls';
import type { BrowseFilters } from './url-state';

export interface FiltersDialogProps {
  /** The filters in the URL when the dialog opened: the draft starts from them. */
  initial: BrowseFilters;
  onApply: (filters: BrowseFilters) => void;
  onClose: () => void;
}

const EMPTY: BrowseFilters = { categoryId: null, subCategoryIds: [], regions: [], counties: [] };

/**
 * The full-screen filter dialog for small screens. Changes are a draft until Apply; Close (or
 * Escape) leaves the URL as it was. Mount it only while open, so each opening starts afresh.
 */
export default function FiltersDialog({ initial, onApply, onClose }: FiltersDialogProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<BrowseFilters>(initial);
  const change = (next: Partial<BrowseFilters>) => setDraft((d) => ({ ...d, ...next }));
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogPanel data-testid="filters-dialog" className="fixed inset-0 flex flex-col bg-bg text-fg">
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <DialogTitle className="text-lg font-semibold">{t`Filters`}</DialogTitle>
          <button type="button" onClick={onClose} aria-label={t`Close`} data-testid="filters-dialog-close"
            className="flex h-10 w-10 items-center justify-center rounded-md text-xl hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">
          <FilterControls value={draft} onChange={change} />
        </div>
        <div className="flex gap-3 border-t border-border px-4 py-3">
          <Button variant="secondary" className="flex-1" onClick={() => setDraft(EMPTY)}>{t`Clear filters`}</Button>
          <Button className="flex-1" onClick={() => onApply(draft)} data-testid="filters-apply">{t`Apply`}</Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
