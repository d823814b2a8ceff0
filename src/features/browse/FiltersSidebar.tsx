import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { FilterControls } from './FilterControls';
import { FilterIcon } from './FilterIcon';
import { hasFilters, type BrowseFilters } from './url-state';

/** localStorage key: whether the desktop sidebar is open (it is by default). */
export const SIDEBAR_OPEN_KEY = 'browse.sidebarOpen';

function readOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_OPEN_KEY) !== 'false';
  } catch {
    return true;
  }
}

export interface FiltersSidebarProps {
  value: BrowseFilters;
  onChange: (next: Partial<BrowseFilters>) => void;
  onClear: () => void;
}

/**
 * The desktop filter sidebar (lg and up): 320 px open, 56 px collapsed to its toggle. Changes
 * apply at once. Hidden on small screens, where FiltersDialog takes over.
 */
export function FiltersSidebar({ value, onChange, onClear }: FiltersSidebarProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(readOpen);
  const panelId = 'browse-filters-panel';
  const toggle = () => {
    const next = !open;
    setOpen(next);
    try {
      window.localStorage.setItem(SIDEBAR_OPEN_KEY, String(next));
    } catch {
      // storage disabled: the choice lasts for this page view
    }
  };
  return (
    <aside aria-label={t`Filters`} data-testid="filters-sidebar" data-open={open}
      className={`hidden shrink-0 self-start overflow-hidden rounded-lg border border-border bg-surface transition-[width] duration-200 lg:block ${open ? 'w-80' : 'w-14'}`}>
      <div className={`flex items-center p-2 ${open ? 'justify-between' : 'justify-center'}`}>
        {open && <h2 className="pl-2 text-lg font-semibold">{t`Filters`}</h2>}
        <button type="button" onClick={toggle} aria-expanded={open} aria-controls={panelId} data-testid="sidebar-toggle"
          aria-label={open ? t`Collapse filters` : t`Expand filters`} title={open ? t`Collapse filters` : t`Expand filters`}
          className="flex h-10 w-10 items-center justify-center rounded-md text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent">
          <FilterIcon />
        </button>
      </div>
      {/* The open sidebar's width less its two 1 px borders, so the panel fits it and keeps that width while the sidebar animates. */}
      <div id={panelId} hidden={!open} className="w-[calc(20rem-2px)] px-4 pb-4">
        {open && (
          <>
            <FilterControls value={value} onChange={onChange} />
            <Button variant="secondary" className="mt-6 w-full" onClick={onClear} disabled={!hasFilters(value)} data-testid="clear-filters">
              {t`Clear filters`}
            </Button>
          </>
        )}
      </div>
    </aside>
  );
}
