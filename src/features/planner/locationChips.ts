import type { EventRegion } from '../../domain/events';

/** More selected counties than this collapse a region to one chip with a count (spec 3 §9). */
export const MAX_COUNTY_CHIPS = 5;
/** Entries of a region shown before '+N more' (spec 3 §2). */
export const VISIBLE_CHIPS = 3;

export type LocationChipGroup =
  | { regionId: string; name: string; kind: 'all' }
  | { regionId: string; name: string; kind: 'count'; count: number }
  | { regionId: string; name: string; kind: 'counties'; counties: string[] };

/**
 * An event's locations as chip groups, one per region with something chosen: 'Name (All)' when
 * the region is marked or all its counties are chosen, 'Name (count)' above MAX_COUNTY_CHIPS
 * chosen counties, else the chosen counties by name.
 */
export function locationChipGroups(locations: readonly EventRegion[]): LocationChipGroup[] {
  const groups: LocationChipGroup[] = [];
  for (const region of locations) {
    const chosen = region.counties.filter((c) => c.isSelected);
    const all = region.isSelected || (region.counties.length > 0 && chosen.length === region.counties.length);
    if (all) groups.push({ regionId: region.id, name: region.name, kind: 'all' });
    else if (chosen.length > MAX_COUNTY_CHIPS) groups.push({ regionId: region.id, name: region.name, kind: 'count', count: chosen.length });
    else if (chosen.length > 0) groups.push({ regionId: region.id, name: region.name, kind: 'counties', counties: chosen.map((c) => c.name) });
  }
  return groups;
}
