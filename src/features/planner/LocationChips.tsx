import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EventRegion } from '../../domain/events';
import { VISIBLE_CHIPS, locationChipGroups, type LocationChipGroup } from './locationChips';

const chip = 'inline-flex items-center rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs text-fg';

function RegionChips({ group }: { group: Extract<LocationChipGroup, { kind: 'counties' }> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const hidden = group.counties.length - VISIBLE_CHIPS;
  const shown = open || hidden <= 0 ? group.counties : group.counties.slice(0, VISIBLE_CHIPS);
  return (
    <li className="flex flex-wrap items-center gap-1.5" data-testid="region-chips">
      <span className="text-xs font-semibold text-muted">{group.name}:</span>
      {shown.map((name) => <span key={name} className={chip} data-testid="county-chip">{name}</span>)}
      {hidden > 0 && (
        <button type="button" className="rounded px-1 text-xs font-semibold text-accent hover:underline" aria-expanded={open}
          aria-label={open ? t`Show less of ${group.name}` : t`Show ${hidden} more in ${group.name}`} onClick={() => setOpen((v) => !v)}>
          {open ? <Trans>Show Less</Trans> : <Trans>+{hidden} more</Trans>}
        </button>
      )}
    </li>
  );
}

/** An event's locations (spec 3 §2): a region as 'Name (All)', 'Name (count)', or its counties (first 3, then '+N more'). */
export function LocationChips({ locations }: { locations: readonly EventRegion[] }) {
  const { t } = useLingui();
  const groups = locationChipGroups(locations);
  if (groups.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label={t`Locations`} data-testid="location-chips">
      {groups.map((g) => (g.kind === 'counties'
        ? <RegionChips key={g.regionId} group={g} />
        : (
          <li key={g.regionId}>
            <span className={chip} data-testid="region-chip">
              {g.kind === 'all' ? t`${g.name} (All)` : `${g.name} (${g.count})`}
            </span>
          </li>
        )))}
    </ul>
  );
}
