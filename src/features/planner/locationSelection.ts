import type { EventRegion } from '../../domain/events';
import type { Region } from '../../domain/locations';

/**
 * The wizard's region/county choice (spec 3 §2 "Location selection"), kept as the event's
 * `eventLocations`: only regions with something chosen, each with all its counties flagged.
 * Choosing every county of a region marks the region; leaving one out unmarks it.
 */

function fromCatalogue(region: Region, chosen: ReadonlySet<string>, regionSelected: boolean): EventRegion {
  const counties = region.counties.map((c) => ({ id: c.id, name: c.name, regionId: region.id, isSelected: regionSelected || chosen.has(c.id) }));
  const all = counties.length > 0 && counties.every((c) => c.isSelected);
  return { id: region.id, name: region.name, isSelected: regionSelected || all, counties };
}

const hasChoice = (r: EventRegion) => r.isSelected || r.counties.some((c) => c.isSelected);

function replace(locations: readonly EventRegion[], next: EventRegion): EventRegion[] {
  const rest = locations.filter((r) => r.id !== next.id);
  return hasChoice(next) ? [...rest, next] : rest;
}

/** The chosen county ids of a region as stored. */
const chosenCounties = (locations: readonly EventRegion[], regionId: string) =>
  new Set(locations.find((r) => r.id === regionId)?.counties.filter((c) => c.isSelected).map((c) => c.id) ?? []);

/** The whole region on (every county) or off (none). */
export function toggleRegion(locations: readonly EventRegion[], region: Region, on: boolean): EventRegion[] {
  return replace(locations, fromCatalogue(region, new Set(), on));
}

/** One county on or off; the region is marked exactly when all its counties are chosen. */
export function toggleCounty(locations: readonly EventRegion[], region: Region, countyId: string, on: boolean): EventRegion[] {
  const chosen = chosenCounties(locations, region.id);
  if (on) chosen.add(countyId);
  else chosen.delete(countyId);
  return replace(locations, fromCatalogue(region, chosen, false));
}

/** The stored choice of a region: whether it is marked and which counties are chosen. */
export function regionChoice(locations: readonly EventRegion[], regionId: string): { selected: boolean; counties: Set<string> } {
  const stored = locations.find((r) => r.id === regionId);
  return { selected: stored?.isSelected ?? false, counties: chosenCounties(locations, regionId) };
}
