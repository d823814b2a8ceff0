import type { County, Region } from '../../domain/locations';

/** A region with more selected counties than this shows as one chip (spec 2 §9). */
export const MAX_COUNTY_CHIPS = 5;

export interface LocationGroup {
  region: Pick<Region, 'id' | 'name'>;
  /** The region's selected counties in the region's order (all of them when the whole region is chosen). */
  counties: County[];
  /** Every county of the region is covered (the region itself was chosen, or each of its counties). */
  whole: boolean;
  /** Shown as one region chip with a count, expandable to the county chips. */
  collapsed: boolean;
}

/**
 * Groups a listing's locations by region, in the regions' order. A region chosen as a whole, or
 * with all of its counties, or with more than 5 counties, collapses to one chip. Ids that no stored
 * region knows are left out.
 */
export function groupLocations(regions: readonly Region[], regionIds: readonly string[], countyIds: readonly string[]): LocationGroup[] {
  const wholeIds = new Set(regionIds);
  const chosen = new Set(countyIds);
  const groups: LocationGroup[] = [];
  for (const region of regions) {
    const counties = wholeIds.has(region.id) ? region.counties : region.counties.filter((c) => chosen.has(c.id));
    if (counties.length === 0 && !wholeIds.has(region.id)) continue;
    const whole = wholeIds.has(region.id) || counties.length === region.counties.length;
    groups.push({
      region: { id: region.id, name: region.name },
      counties,
      whole,
      collapsed: whole || counties.length > MAX_COUNTY_CHIPS,
    });
  }
  return groups;
}
