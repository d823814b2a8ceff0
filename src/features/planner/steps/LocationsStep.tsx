import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRegions } from '../../../db/hooks';
import type { EventRegion } from '../../../domain/events';
import { LocationChips } from '../LocationChips';
import { regionChoice, toggleCounty, toggleRegion } from '../locationSelection';

const box = 'h-4 w-4 accent-[var(--accent)]';

/** Step 3: regions and their counties from the catalogue stored on this device (spec 3 §2 "Location selection"). */
export function LocationsStep({ locations, onChange }: { locations: EventRegion[]; onChange: (locations: EventRegion[]) => void }) {
  const { t } = useLingui();
  const regions = useRegions();
  const [open, setOpen] = useState<string | null>(null);
  if (regions === undefined) return <p role="status" className="text-sm text-muted"><Trans>Loading regions...</Trans></p>;
  return (
    <div className="flex flex-col gap-3" data-testid="locations-step">
      <LocationChips locations={locations} />
      {regions.length === 0 && <p className="text-sm text-muted"><Trans>No regions are stored on this device yet.</Trans></p>}
      <ul className="max-h-96 divide-y divide-border overflow-y-auto rounded-md border border-border">
        {regions.map((region) => {
          const choice = regionChoice(locations, region.id);
          const listId = `event-counties-${region.id}`;
          return (
            <li key={region.id} className="px-3 py-2">
              <div className="flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className={box} checked={choice.selected}
                    onChange={(e) => onChange(toggleRegion(locations, region, e.target.checked))} />
                  <span className="font-medium">{region.name}</span>
                  {!choice.selected && choice.counties.size > 0 && <span className="text-muted">({choice.counties.size})</span>}
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
                        <input type="checkbox" className={box} checked={choice.counties.has(county.id)}
                          onChange={(e) => onChange(toggleCounty(locations, region, county.id, e.target.checked))} />
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
    </div>
  );
}
