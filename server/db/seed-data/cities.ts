/**
 * The towns the demo companies are based in, each with the seeded region (fylke/län) and county
 * (kommune) it lies in. A demo listing's name ends with its company's town, and its locations
 * are that kommune (with neighbours of the same region) or the whole region.
 */
import type { RegionCountry } from '../../../src/domain/locations';
import { SEED_REGIONS } from './regions';

export interface SeedCity {
  name: string;
  country: RegionCountry;
  /** A region of SEED_REGIONS. */
  region: string;
  /** A county (kommune) of that region. */
  county: string;
}

const city = (country: RegionCountry, name: string, region: string, county = name): SeedCity => ({ name, country, region, county });

export const NORWEGIAN_CITIES: readonly SeedCity[] = [
  city('NO', 'Oslo', 'Oslo'),
  city('NO', 'Bergen', 'Vestland'),
  city('NO', 'Trondheim', 'Trøndelag'),
  city('NO', 'Stavanger', 'Rogaland'),
  city('NO', 'Tromsø', 'Troms'),
  city('NO', 'Kristiansand', 'Agder'),
  city('NO', 'Ålesund', 'Møre og Romsdal'),
  city('NO', 'Bodø', 'Nordland'),
  city('NO', 'Drammen', 'Buskerud'),
  city('NO', 'Lillehammer', 'Innlandet'),
  city('NO', 'Fredrikstad', 'Østfold'),
  city('NO', 'Tønsberg', 'Vestfold'),
  city('NO', 'Skien', 'Telemark'),
  city('NO', 'Alta', 'Finnmark'),
  city('NO', 'Lillestrøm', 'Akershus'),
];

export const SWEDISH_CITIES: readonly SeedCity[] = [
  city('SE', 'Stockholm', 'Stockholms län'),
  city('SE', 'Göteborg', 'Västra Götalands län'),
  city('SE', 'Malmö', 'Skåne län'),
  city('SE', 'Uppsala', 'Uppsala län'),
  city('SE', 'Västerås', 'Västmanlands län'),
  city('SE', 'Örebro', 'Örebro län'),
  city('SE', 'Linköping', 'Östergötlands län'),
  city('SE', 'Umeå', 'Västerbottens län'),
  city('SE', 'Karlstad', 'Värmlands län'),
  city('SE', 'Jönköping', 'Jönköpings län'),
  city('SE', 'Växjö', 'Kronobergs län'),
  city('SE', 'Gävle', 'Gävleborgs län'),
  city('SE', 'Sundsvall', 'Västernorrlands län'),
  city('SE', 'Luleå', 'Norrbottens län'),
  city('SE', 'Falun', 'Dalarnas län'),
  city('SE', 'Halmstad', 'Hallands län'),
  city('SE', 'Östersund', 'Jämtlands län'),
  city('SE', 'Kalmar', 'Kalmar län'),
  city('SE', 'Lund', 'Skåne län'),
  city('SE', 'Eskilstuna', 'Södermanlands län'),
];

export const SEED_CITIES: readonly SeedCity[] = [...NORWEGIAN_CITIES, ...SWEDISH_CITIES];

// Checked at load: a town whose region or kommune is not seeded would place listings nowhere.
for (const c of SEED_CITIES) {
  const region = SEED_REGIONS.find((r) => r.name === c.region && r.country === c.country);
  if (!region?.counties.includes(c.county)) throw new Error(`Seed town ${c.name}: ${c.county} is not a kommune of ${c.region}`);
}

/** The seed towns named in `text` as whole words (so 'Lund' is not found in 'Lundegården'). */
export function citiesNamedIn(text: string): SeedCity[] {
  return SEED_CITIES.filter((c) => new RegExp(`(?<!\\p{L})${c.name}(?!\\p{L})`, 'u').test(text));
}
