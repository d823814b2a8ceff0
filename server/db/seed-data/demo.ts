/**
 * The demo companies and the texts of their listings, as plain data (no database): the demo seed
 * (listings.ts) and the bench seed (server/scripts/seed-bench.ts) both build on these.
 *
 * Coherence rules (tests/server/seed-coherence.test.ts checks them on the seeded database):
 * - a company is Norwegian or Swedish and is based in one town of its country (cities.ts); its
 *   organisation number, phone number and web domain follow that country's formats;
 * - a company writes in its country's language (bokmål or Swedish), or in English for about one
 *   company in five; all its texts and all its listings' texts are in that one language;
 * - a company works in one category; its listings are in that category's sub-categories, named
 *   after the sub-category and its town ('Elegant banquet halls – Oslo'), and placed in that town.
 */
import { SEED_TAXONOMY } from './taxonomy';
import { NORWEGIAN_CITIES, SWEDISH_CITIES, type SeedCity } from './cities';
import { DEMO_TEXTS, type DemoLanguage, type LanguageTexts } from './texts';

export type { DemoLanguage } from './texts';

/** mulberry32: small, fast and the same on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const n = Math.min(copy.length, int(min, max));
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, some };
}
export type Prng = ReturnType<typeof prng>;

export const SEED_COMPANY_COUNT = 60;
export const LISTINGS_PER_COMPANY = 5;
export const SEED_LISTING_COUNT = SEED_COMPANY_COUNT * LISTINGS_PER_COMPANY;

/** Brand names are a first and a second part, written together ('Fjordtunet', 'Björkhagen'). */
const BRAND_NO = {
  first: ['Fjord', 'Nord', 'Sol', 'Skog', 'Fjell', 'Hav', 'Bjørke', 'Lind', 'Eike', 'Strand', 'Furu', 'Kvit', 'Sølv', 'Lyng', 'Rogn'],
  second: ['tunet', 'lia', 'haugen', 'bakken', 'vika', 'heim', 'stua', 'gløtt', 'berget', 'odden'],
};
const BRAND_SE = {
  first: ['Sjö', 'Ängs', 'Björk', 'Gran', 'Ek', 'Sol', 'Lind', 'Berg', 'Lönn', 'Ros', 'Ljung', 'Äppel', 'Hassel', 'Sälg', 'Tall'],
  second: ['gården', 'backen', 'holmen', 'viken', 'dalen', 'lunden', 'udden', 'torpet', 'åsen', 'hagen'],
};

export interface DemoCompany {
  index: number;
  /** The legal name: brand, trade and 'AS' or 'AB'. */
  name: string;
  brand: string;
  city: SeedCity;
  /** A category of SEED_TAXONOMY, by name. */
  categoryName: string;
  language: DemoLanguage;
  organizationNumber: string;
  phoneNumber: string;
  websiteUrl: string;
  email: string;
  facebookUrl: string | null;
  instagramUrl: string | null;
  shortDescription: string;
  /** Rich text (HTML). */
  description: string;
  /** Days before the seed ran that the company joined. */
  ageDays: number;
}

/** Lowercase ASCII letters and digits for domains and file names: 'Rogngløtt' → 'rognglott', 'Ängs' → 'angs'. */
export const slug = (s: string) => s.toLowerCase().replaceAll('ø', 'o').replaceAll('æ', 'ae').normalize('NFD')
  .replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '');

const fill = (template: string, values: { city: string; company?: string }) =>
  template.replaceAll('{city}', values.city).replaceAll('{company}', values.company ?? '');

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A Norwegian organisation number: 9 digits starting with 9, MOD11 check digit (weights 3 2 7 6 5 4 3 2). */
function norwegianOrgNumber(rng: Prng): string {
  for (;;) {
    const digits = [9, ...Array.from({ length: 7 }, () => rng.int(0, 9))];
    const sum = digits.reduce((s, d, i) => s + d * [3, 2, 7, 6, 5, 4, 3, 2][i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return [...digits, check].join('');
  }
}

/** A Swedish aktiebolag number: 10 digits starting with 556, Luhn check digit. */
function swedishOrgNumber(rng: Prng): string {
  const digits = [5, 5, 6, ...Array.from({ length: 6 }, () => rng.int(0, 9))];
  const sum = digits.reduce((s, d, i) => {
    const v = i % 2 === 0 ? d * 2 : d;
    return s + (v > 9 ? v - 9 : v);
  }, 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** Mobile numbers as stored for users: '+47 9xxxxxxx' / '+46 7xxxxxxxx'. */
const phone = (rng: Prng, country: SeedCity['country']) => (country === 'NO'
  ? `+47 ${rng.pick([4, 9])}${rng.int(1000000, 9999999)}`
  : `+46 7${rng.pick([0, 2, 3, 6])}${rng.int(1000000, 9999999)}`);

/** About one company in five writes in English, spread over the categories and both countries. */
export const writesEnglish = (index: number) => (index + Math.floor(index / 10)) % 5 === 0;

/**
 * The demo companies, the same on every call: every third one Swedish, the others Norwegian;
 * company i works in category i mod 10 and no two companies of one category share a town.
 * Company 0 is the Oslo venue that offers 'Elegant banquet halls – Oslo'.
 */
export function demoCompanies(count = SEED_COMPANY_COUNT): DemoCompany[] {
  const rng = prng(20240601);
  const out: DemoCompany[] = [];
  const usedBrands = new Set<string>();
  const townsByCategory = new Map<string, Set<string>>();
  const perCountry = { NO: 0, SE: 0 };
  for (let index = 0; index < count; index++) {
    const country = index % 3 === 2 ? 'SE' : 'NO';
    const cities = country === 'SE' ? SWEDISH_CITIES : NORWEGIAN_CITIES;
    const category = SEED_TAXONOMY[index % SEED_TAXONOMY.length]!;
    const taken = townsByCategory.get(category.name) ?? new Set<string>();
    townsByCategory.set(category.name, taken);
    // Towns in turn (a stride so that neighbours in the list get different towns), skipping
    // the ones this category already has.
    const start = (perCountry[country]++ * 7) % cities.length;
    let city = cities[start]!;
    for (let k = 0; k < cities.length && taken.has(city.name); k++) city = cities[(start + k) % cities.length]!;
    taken.add(city.name);
    const language: DemoLanguage = writesEnglish(index) ? 'en' : country === 'SE' ? 'sv' : 'nb';
    const parts = country === 'SE' ? BRAND_SE : BRAND_NO;
    let brand = '';
    do brand = `${rng.pick(parts.first)}${rng.pick(parts.second)}`; while (usedBrands.has(brand));
    usedBrands.add(brand);
    const texts = DEMO_TEXTS[language].categories[category.name]!;
    const name = `${brand} ${texts.trade} ${country === 'SE' ? 'AB' : 'AS'}`;
    const domain = `${slug(brand)}.${country === 'SE' ? 'se' : 'no'}`;
    const values = { city: city.name, company: name };
    out.push({
      index,
      name,
      brand,
      city,
      categoryName: category.name,
      language,
      organizationNumber: country === 'SE' ? swedishOrgNumber(rng) : norwegianOrgNumber(rng),
      phoneNumber: phone(rng, country),
      websiteUrl: `https://www.${domain}`,
      email: `post@${domain}`,
      facebookUrl: rng.next() < 0.6 ? `https://www.facebook.com/${slug(brand)}` : null,
      instagramUrl: rng.next() < 0.6 ? `https://www.instagram.com/${slug(brand)}` : null,
      shortDescription: fill(texts.companyShort, values),
      // Plain text in paragraphs: the company form edits it in a text box (listings have the rich text).
      description: [
        `${fill(texts.companyAbout, values)} ${texts.about}`,
        fill(rng.pick(DEMO_TEXTS[language].companyClosings), values),
      ].join('\n\n'),
      ageDays: rng.int(200, 400),
    });
  }
  return out;
}

export interface DemoListingText {
  name: string;
  shortDescription: string;
  /** Rich text (HTML): two paragraphs, what is included, and a closing paragraph. */
  description: string;
}

/** The sub-category names of a category, in the taxonomy's order. */
export function subCategoryNames(categoryName: string): string[] {
  return SEED_TAXONOMY.find((c) => c.name === categoryName)?.subCategories.map((s) => s.name) ?? [];
}

/**
 * The texts of a company's listing in one of its sub-categories: `variant` picks the name (a
 * company's first, second or third listing there), `rng` the closing paragraph.
 */
export function demoListingText(company: DemoCompany, subCategoryName: string, variant: number, rng: Prng): DemoListingText {
  const language: LanguageTexts = DEMO_TEXTS[company.language];
  const category = language.categories[company.categoryName];
  const sub = category?.subCategories[subCategoryName];
  if (!category || !sub) throw new Error(`No ${company.language} texts for ${company.categoryName} / ${subCategoryName}`);
  const values = { city: company.city.name, company: company.name };
  const bullets = sub.bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join('');
  return {
    name: fill(sub.names[variant % sub.names.length]!, values),
    shortDescription: fill(sub.short, values),
    description: [
      `<p>${escapeHtml(fill(sub.about, values))}</p>`,
      `<p>${escapeHtml(category.about)}</p>`,
      `<p><strong>${escapeHtml(language.included)}</strong></p><ul>${bullets}</ul>`,
      `<p>${escapeHtml(fill(rng.pick(language.closings), values))}</p>`,
    ].join(''),
  };
}

export interface DemoListingPlan {
  company: DemoCompany;
  subCategoryName: string;
  /** The company's n-th listing in this sub-category (0-based). */
  variant: number;
}

/**
 * The demo listings, company by company: a company's k-th listing is in its category's
 * sub-categories in turn, so a category with two sub-categories gets three listings in the first.
 */
export function demoListingPlans(companies: readonly DemoCompany[]): DemoListingPlan[] {
  return companies.flatMap((company) => {
    const subs = subCategoryNames(company.categoryName);
    return Array.from({ length: LISTINGS_PER_COMPANY }, (_, k) => ({
      company,
      subCategoryName: subs[k % subs.length]!,
      variant: Math.floor(k / subs.length),
    }));
  });
}
