import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Region } from '../../domain/locations';
import { groupLocations, type LocationGroup } from './locations';

const chip = 'inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 px-3 py-1 text-sm text-fg';

function CollapsedRegion({ group }: { group: LocationGroup }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const n = group.counties.length;
  const count = group.whole
    ? t`all counties`
    : plural(n, { one: '# county', other: '# counties' });
  const listId = `region-${group.region.id}-counties`;
  return (
    <li className="flex flex-col gap-2">
      <button type="button" className={`${chip} self-start hover:border-accent`} aria-expanded={open} aria-controls={listId}
        onClick={() => setOpen((v) => !v)} data-testid="region-chip">
        <span className="font-semibold">{group.region.name}</span>
        <span className="text-muted">({count})</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {open && (
        <ul id={listId} className="flex flex-wrap gap-2 pl-2" aria-label={t`Counties in ${group.region.name}`}>
          {group.counties.map((c) => <li key={c.id} className={chip}>{c.name}</li>)}
        </ul>
      )}
    </li>
  );
}

function RegionCounties({ group }: { group: LocationGroup }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-muted">{group.region.name}:</span>
      <ul className="flex flex-wrap gap-2">
        {group.counties.map((c) => <li key={c.id} className={chip} data-testid="county-chip">{c.name}</li>)}
      </ul>
    </li>
  );
}

/**
 * Where the listing offers its services, per region (spec 2 §9): a region with more than 5
 * chosen counties, or all of them, is one chip with a count that expands to its counties.
 */
export function Locations({ regions, regionIds, countyIds }: { regions: readonly Region[]; regionIds: readonly string[]; countyIds: readonly string[] }) {
  const groups = groupLocations(regions, regionIds, countyIds);
  if (groups.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" data-testid="listing-locations">
      {groups.map((g) => (g.collapsed ? <CollapsedRegion key={g.region.id} group={g} /> : <RegionCounties key={g.region.id} group={g} />))}
    </ul>
  );
}
