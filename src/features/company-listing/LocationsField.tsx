import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Region } from '../../domain/locations';
import { RegionCountyPicker } from '../../ui/RegionCountyPicker';
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
  const chosen = new Set(locations);
  return (
    <fieldset className="flex flex-col gap-3" data-testid="locations-field">
      <legend className="mb-1 text-sm font-medium text-fg"><Trans>Locations</Trans></legend>
      <LocationChips regions={regions} locations={locations} onChange={onChange} disabled={disabled} />
      {regions.length === 0 && <p className="text-sm text-muted"><Trans>No regions are stored on this device yet.</Trans></p>}
      <RegionCountyPicker
        regions={regions}
        idPrefix="locations"
        disabled={disabled}
        regionChosen={(region) => chosen.has(region.id)}
        countyChosen={(region, countyId) => chosen.has(region.id) || chosen.has(countyId)}
        onRegion={(region, checked) => onChange(toggleRegion(locations, region, checked))}
        onCounty={(region, countyId, checked) => onChange(toggleCounty(locations, region, countyId, checked))}
      />
    </fieldset>
  );
}
