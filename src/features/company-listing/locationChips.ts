import type { County, Region } from '../../domain/locations';

/** A region with more selected counties than this shows as one chip with a count (spec 2 §9). */
export const MAX_COUNTY_CHIPS = 5;

export interface LocationChipGroup {
  region: Region;
  /** The selected counties of the region, in its order (all of them when the region itself is chosen). */
  counties: County[];
  /** The region itself is chosen, or every one of its counties. */
  whole: boolean;
  /** Shown as one chip with a count instead of a chip per county. */
  collapsed: boolean;
}

/** The chosen locations (region and county ids together) grouped by region, in the regions' order. */
export function locationChipGroups(regions: readonly Region[], locations: readonly string[]): LocationChipGroup[] {
  const chosen = new Set(locations);
  const groups: LocationChipGroup[] = [];
  for (const region of regions) {
    const regionChosen = chosen.has(region.id);
    const counties = regionChosen ? region.counties : region.counties.filter((c) => chosen.has(c.id));
    if (!regionChosen && counties.length === 0) continue;
    const whole = regionChosen || (region.counties.length > 0 && counties.length === region.counties.length);
    groups.push({ region, counties, whole, collapsed: whole || counties.length > MAX_COUNTY_CHIPS });
  }
  return groups;
}

/** Choosing a whole region replaces its single counties; leaving it out drops them all. */
export function toggleRegion(locations: readonly string[], region: Region, on: boolean): string[] {
  const own = new Set([region.id, ...region.counties.map((c) => c.id)]);
  const rest = locations.filter((id) => !own.has(id));
  return on ? [...rest, region.id] : rest;
}

/** One county on or off; a county of a region chosen whole turns the region into its other counties. */
export function toggleCounty(locations: readonly string[], region: Region, countyId: string, on: boolean): string[] {
  if (locations.includes(region.id)) {
    const others = region.counties.map((c) => c.id).filter((id) => id !== countyId);
    return [...locations.filter((id) => id !== region.id), ...(on ? [countyId] : []), ...others];
  }
  return on ? [...locations.filter((id) => id !== countyId), countyId] : locations.filter((id) => id !== countyId);
}
