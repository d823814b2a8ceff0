/** Location wire types (spec 3 §3): regions (fylker, län) with their counties (kommuner). */

export const REGION_COUNTRIES = ['NO', 'SE'] as const;
export type RegionCountry = (typeof REGION_COUNTRIES)[number];

export const REGION_NAME_MAX = 100;
export const COUNTY_NAME_MAX = 100;
export const REGION_MAX_COUNTIES = 500;

export const LocationMessages = {
  RegionNameRequired: 'Region name is required',
  RegionNameTooLong: `Region name cannot exceed ${REGION_NAME_MAX} characters`,
  CountyNameTooLong: `County name cannot exceed ${COUNTY_NAME_MAX} characters`,
  RegionExists: 'A region with this name already exists',
  // Listings keep region and county ids without a foreign key: a write that would leave them
  // pointing at nothing is refused instead (409).
  RegionInUse: 'This region is used by listings. Remove it from them first.',
  CountyInUse: 'A county you removed is used by listings. Keep it, or remove it from them first.',
} as const;

export interface County {
  id: string;
  name: string;
}

export interface Region {
  id: string;
  name: string;
  country: RegionCountry;
  counties: County[];
  version: number;
}

/** Region ids may carry a 'regions/' prefix (spec 3 §3); it is removed before use. */
export const stripRegionPrefix = (id: string) => id.replace(/^regions\//i, '');

/** Trims county names, drops blanks and merges duplicates case-insensitively (first spelling wins). */
export function normaliseCountyNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLocaleLowerCase('nb');
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}
