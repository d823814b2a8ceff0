import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Region } from '../../domain/locations';
import { locationChipGroups, toggleCounty, toggleRegion, type LocationChipGroup } from './locationChips';

const chip = 'inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 px-3 py-1 text-sm text-fg';

function RemoveChip({ label, onRemove, disabled }: { label: string; onRemove: () => void; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <button type="button" onClick={onRemove} disabled={disabled} aria-label={t`Remove ${label}`}
      className="-mr-1 rounded-full px-1 text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-accent">
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** The chosen locations as chips; a region with many counties (or all) is one chip with a count. */
export function LocationChips({ regions, locations, onChange, disabled }: {
  regions: readonly Region[]; locations: readonly string[]; onChange?: (locations: string[]) => void; disabled?: boolean;
}) {
  const { t } = useLingui();
  const groups = locationChipGroups(regions, locations);
  if (groups.length === 0) return null;
  const countLabel = (g: LocationChipGroup) => (g.whole ? t`all counties` : plural(g.counties.length, { one: '# county', other: '# counties' }));
  return (
    <ul className="flex flex-wrap gap-2" data-testid="location-chips" aria-label={t`Chosen locations`}>
      {groups.flatMap((g) => (g.collapsed
        ? [(
          <li key={g.region.id} className={chip} data-testid="region-chip">
            <span className="font-semibold">{g.region.name}</span>
            <span className="text-muted">({countLabel(g)})</span>
            {onChange && <RemoveChip label={g.region.name} disabled={disabled} onRemove={() => onChange(toggleRegion(locations, g.region, false))} />}
          </li>
        )]
        : g.counties.map((c) => (
          <li key={c.id} className={chip} data-testid="county-chip">
            {c.name}
            {onChange && <RemoveChip label={c.name} disabled={disabled} onRemove={() => onChange(toggleCounty(locations, g.region, c.id, false))} />}
          </li>
        ))))}
    </ul>
  );
}

/**
 * Where the listing offers its services: regions (fylker, län) as a whole or some of their
 * counties (kommuner), from the stored catalogue.
 */
export function LocationsField({ regions, locations, onChange, disabled }: {
  regions: readonly Region[]; locations: string[]; onChange: (locations: string[]) => void; disabled?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const chosen = new Set(locations);
  return (
    <fieldset className="flex flex-col gap-3" data-testid="locations-field">
      <legend className="mb-1 text-sm font-medium text-fg"><Trans>Locations</Trans></legend>
      <LocationChips regions={regions} locations={locations} onChange={onChange} disabled={disabled} />
      {regions.length === 0 && <p className="text-sm text-muted"><Trans>No regions are stored on this device yet.</Trans></p>}
      <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-md border border-border">
        {regions.map((region) => {
          const listId = `locations-${region.id}`;
          const whole = chosen.has(region.id);
          const some = region.counties.filter((c) => chosen.has(c.id)).length;
          return (
            <li key={region.id} className="px-3 py-2">
              <div className="flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="h-4 w-4 accent-[var(--accent)]" checked={whole} disabled={disabled}
                    onChange={(e) => onChange(toggleRegion(locations, region, e.target.checked))} />
                  <span className="font-medium">{region.name}</span>
                  {!whole && some > 0 && <span className="text-muted">({some})</span>}
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
                        <input type="checkbox" className="h-4 w-4 accent-[var(--accent)]" disabled={disabled}
                          checked={whole || chosen.has(county.id)}
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
    </fieldset>
  );
}
