import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Region } from '../domain/locations';

const box = 'h-4 w-4 accent-[var(--accent)]';

export interface RegionCountyPickerProps {
  regions: readonly Region[];
  /** Prefix of the county lists' element ids (unique per screen). */
  idPrefix: string;
  /** The region is chosen as a whole. */
  regionChosen: (region: Region) => boolean;
  /** The county is chosen (a region chosen as a whole counts as all its counties). */
  countyChosen: (region: Region, countyId: string) => boolean;
  onRegion: (region: Region, checked: boolean) => void;
  onCounty: (region: Region, countyId: string, checked: boolean) => void;
  disabled?: boolean;
  /** Tailwind max-height of the scrolling list. */
  maxHeightClass?: string;
}

/**
 * Regions (fylker, län) with their counties (kommuner) as checkboxes: a region as a whole, or
 * some of its counties from its expandable list. What a choice means is the caller's (a listing
 * stores ids, an event marks its copy of the catalogue).
 */
export function RegionCountyPicker({
  regions, idPrefix, regionChosen, countyChosen, onRegion, onCounty, disabled = false, maxHeightClass = 'max-h-80',
}: RegionCountyPickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className={`${maxHeightClass} divide-y divide-border overflow-y-auto rounded-md border border-border`}>
      {regions.map((region) => {
        const listId = `${idPrefix}-${region.id}`;
        const whole = regionChosen(region);
        const some = whole ? 0 : region.counties.filter((c) => countyChosen(region, c.id)).length;
        return (
          <li key={region.id} className="px-3 py-2">
            <div className="flex items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className={box} checked={whole} disabled={disabled}
                  onChange={(e) => onRegion(region, e.target.checked)} />
                <span className="font-medium">{region.name}</span>
                {some > 0 && <span className="text-muted">({some})</span>}
              </label>
              {region.counties.length > 0 && (
                <button type="button" aria-expanded={open === region.id} aria-controls={listId}
                  className="rounded px-2 py-1 text-sm text-accent hover:underline"
                  onClick={() => setOpen((v) => (v === region.id ? null : region.id))}>
                  {open === region.id ? t`Hide counties` : t`Choose counties`}
                  <span className="sr-only"> {region.name}</span>
                </button>
              )}
            </div>
            {open === region.id && (
              <ul id={listId} className="mt-2 grid grid-cols-1 gap-1 pl-6 sm:grid-cols-2">
                {region.counties.map((county) => (
                  <li key={county.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" className={box} disabled={disabled} checked={countyChosen(region, county.id)}
                        onChange={(e) => onCounty(region, county.id, e.target.checked)} />
                      {county.name}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
