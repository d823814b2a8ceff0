import type { RegionInput } from '../../api/locations';
import { COUNTY_NAME_MAX, LocationMessages, type Region, type RegionCountry } from '../../domain/locations';

/** How many counties a region card names before '+N more' (spec 3 §9). */
export const CARD_COUNTIES_SHOWN = 3;

/** The region dialog's values: the county list is names only (the server keeps ids of names that stay). */
export interface RegionFormValues {
  name: string;
  country: RegionCountry;
  counties: string[];
}

export const emptyRegionForm = (): RegionFormValues => ({ name: '', country: 'NO', counties: [] });

export const regionFormOf = (region: Region): RegionFormValues => ({
  name: region.name,
  country: region.country,
  counties: region.counties.map((c) => c.name),
});

/** The rule message for the name, or null: required after trimming (spec 3 §5). */
export const regionNameError = (name: string): string | null => (name.trim() ? null : LocationMessages.RegionNameRequired);

/** Save is offered only with a non-blank name. */
export const canSaveRegion = (values: RegionFormValues): boolean => regionNameError(values.name) === null;

const countyKey = (name: string) => name.trim().toLocaleLowerCase('nb');

export type AddCountyOutcome =
  | { kind: 'added'; counties: string[] }
  /** Blank after trimming: nothing is added (spec 3 §5). */
  | { kind: 'blank' }
  /** Already in the list, compared case-insensitively: ignored; `existing` is the spelling kept. */
  | { kind: 'duplicate'; existing: string };

/** Adds a typed county name to the list: trimmed, never blank, never twice (case-insensitively). */
export function addCounty(counties: readonly string[], typed: string): AddCountyOutcome {
  const name = typed.trim().slice(0, COUNTY_NAME_MAX);
  if (!name) return { kind: 'blank' };
  const existing = counties.find((c) => countyKey(c) === countyKey(name));
  if (existing !== undefined) return { kind: 'duplicate', existing };
  return { kind: 'added', counties: [...counties, name] };
}

export const removeCounty = (counties: readonly string[], index: number): string[] => counties.filter((_, i) => i !== index);

/** The request body (spec 3 §7: {name, counties[{name}]}, plus the country). */
export const regionInputOf = (values: RegionFormValues): RegionInput => ({
  name: values.name.trim(),
  country: values.country,
  counties: values.counties.map((name) => ({ name })),
});

/** What a card shows: the first CARD_COUNTIES_SHOWN county names and how many more there are. */
export function cardCounties(region: Pick<Region, 'counties'>, shown = CARD_COUNTIES_SHOWN): { names: string[]; more: number } {
  return { names: region.counties.slice(0, shown).map((c) => c.name), more: Math.max(0, region.counties.length - shown) };
}
