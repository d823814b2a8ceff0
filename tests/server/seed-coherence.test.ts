import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SearchResponse } from '../../src/domain/listings';
import { DEMO_PENDING_COMPANY, seedDemoData } from '../../server/db/seed';
import { citiesNamedIn, SEED_CITIES } from '../../server/db/seed-data/cities';
import { demoCompanies, demoListingPlans, demoListingText, prng, SEED_LISTING_COUNT } from '../../server/db/seed-data/demo';
import { SEED_TAXONOMY } from '../../server/db/seed-data/taxonomy';
import { DEMO_TEXTS, type DemoLanguage } from '../../server/db/seed-data/texts';
import {
  categories, categoryServices, companies, counties, listings, regions, subCategories, subCategoryServices, users,
} from '../../server/db/schema';
import { PASSWORD } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 9: the demo data agrees with itself. A listing's name, category, places, company and
 * language fit together, on the database as seeded (not on the generator's output alone).
 */

let t: TestApp;
let data: Awaited<ReturnType<typeof load>>;

async function load(db: TestApp['deps']['db']) {
  const [l, c, r, k, cat, sub, cs, ss] = await Promise.all([
    db.select().from(listings), db.select().from(companies), db.select().from(regions), db.select().from(counties),
    db.select().from(categories), db.select().from(subCategories), db.select().from(categoryServices), db.select().from(subCategoryServices),
  ]);
  // The demo user's company awaiting approval is not one of the generated demo companies.
  const pending = c.filter((row) => row.name === DEMO_PENDING_COMPANY.name);
  return { listings: l, companies: c.filter((row) => row.name !== DEMO_PENDING_COMPANY.name), pending, regions: r, counties: k, categories: cat, subCategories: sub, categoryServices: cs, subCategoryServices: ss };
}

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.deps.db, PASSWORD, t.deps.fileStore)).toBe(true);
  data = await load(t.deps.db);
});
afterAll(() => t.close());

// ---- Language ----

/** Words only one of the three languages uses (as whole words, lowercased). */
const ONLY: Record<DemoLanguage, ReadonlySet<string>> = {
  nb: new Set(['og', 'ikke', 'jeg', 'dere', 'deres', 'til', 'fra', 'også', 'hele', 'mye']),
  sv: new Set(['och', 'inte', 'jag', 'ni', 'era', 'till', 'från', 'också', 'hela', 'är', 'för', 'mycket']),
  // Not 'is': ice in both Nordic languages.
  en: new Set(['the', 'and', 'with', 'you', 'your', 'our', 'we', 'of', 'are', 'this']),
};
/** Letters a language never uses: Swedish ä/ö in Norwegian, Norwegian æ/ø in Swedish, none of them in English. */
const FOREIGN_LETTERS: Record<DemoLanguage, RegExp> = { nb: /[äö]/i, sv: /[æø]/i, en: /[æøäöå]/i };
const LANGUAGES: DemoLanguage[] = ['nb', 'sv', 'en'];

/**
 * The one language `text` is written in, or a description of the mix. Proper names (the company,
 * the town) are taken out first: 'Bjørketunet Events AS' may appear in an English text.
 */
function languageOf(text: string, names: string[]): DemoLanguage | string {
  let plain = text.replace(/<[^>]*>/g, ' ').replace(/&amp;/g, '&');
  for (const n of names) plain = plain.replaceAll(n, ' ');
  const words = plain.toLowerCase().match(/\p{L}+/gu) ?? [];
  const hits = LANGUAGES.map((lang) => ({ lang, words: words.filter((w) => ONLY[lang].has(w)) }));
  const used = hits.filter((h) => h.words.length > 0);
  if (used.length !== 1) return `mixed or unknown: ${JSON.stringify(used)} in "${plain}"`;
  const lang = used[0]!.lang;
  const letter = plain.match(FOREIGN_LETTERS[lang]);
  return letter ? `${lang} with a foreign letter '${letter[0]}' in "${plain}"` : lang;
}

const allowed = (country: string): DemoLanguage[] => (country === 'NO' ? ['nb', 'en'] : ['sv', 'en']);

// ---- Companies ----

function validNorwegianOrgNumber(n: string): boolean {
  if (!/^[89]\d{8}$/.test(n)) return false;
  const d = [...n].map(Number);
  const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * d[i]!, 0);
  return (11 - (sum % 11)) % 11 === d[8];
}

function validSwedishOrgNumber(n: string): boolean {
  if (!/^[25-9]\d{9}$/.test(n)) return false;
  const sum = [...n].map(Number).reduce((s, digit, i) => {
    const v = i % 2 === 0 ? digit * 2 : digit;
    return s + (v > 9 ? v - 9 : v);
  }, 0);
  return sum % 10 === 0;
}

/** The country a company's own details say it is in, or a reason they disagree. */
function companyCountry(c: typeof companies.$inferSelect): 'NO' | 'SE' | string {
  const no = c.phoneNumber?.match(/^\+47 [49]\d{7}$/) && c.websiteUrl?.match(/^https:\/\/www\.[a-z0-9]+\.no$/) && c.email?.endsWith('.no')
    && validNorwegianOrgNumber(c.organizationNumber ?? '') && c.name.endsWith(' AS');
  const se = c.phoneNumber?.match(/^\+46 7\d{8}$/) && c.websiteUrl?.match(/^https:\/\/www\.[a-z0-9]+\.se$/) && c.email?.endsWith('.se')
    && validSwedishOrgNumber(c.organizationNumber ?? '') && c.name.endsWith(' AB');
  return no ? 'NO' : se ? 'SE' : `unclear: ${JSON.stringify(c)}`;
}

describe('demo data coherence', () => {
  it('gives the demo user two active companies to manage and one awaiting the admin\'s approval', async () => {
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, 'user@example.com'));
    const owned = data.companies.filter((c) => c.createdById === user!.id);
    expect(owned.map((c) => c.name).sort()).toEqual(demoCompanies().slice(0, 2).map((c) => c.name).sort());
    expect(owned.every((c) => c.status === 100)).toBe(true);
    expect(data.pending).toMatchObject([{ status: 200, createdById: user!.id }]);
  });

  it('seeds the planned number of listings, each name once, the same on every run', () => {
    expect(data.listings).toHaveLength(SEED_LISTING_COUNT);
    expect(data.companies).toHaveLength(demoCompanies().length);
    const names = data.listings.map((l) => l.name);
    const repeated = names.filter((n, i) => names.indexOf(n) !== i);
    expect(repeated).toEqual([]);
    expect(new Set(data.companies.map((c) => c.name)).size).toBe(data.companies.length);
    // Deterministic: the companies and the names follow from the code alone, so every start seeds the same.
    expect(JSON.stringify(demoCompanies())).toBe(JSON.stringify(demoCompanies()));
    const planned = demoListingPlans(demoCompanies()).map((p) => demoListingText(p.company, p.subCategoryName, p.variant, prng(1)).name);
    expect([...names].sort()).toEqual(planned.sort());
    expect(data.companies.map((c) => c.name).sort()).toEqual(demoCompanies().map((c) => c.name).sort());
  });

  it("places every listing in the town its name ends with, which is its company's town", () => {
    const regionById = new Map(data.regions.map((r) => [r.id, r]));
    const countyById = new Map(data.counties.map((c) => [c.id, c]));
    const companyById = new Map(data.companies.map((c) => [c.id, c]));
    const problems: string[] = [];
    for (const l of data.listings) {
      const towns = citiesNamedIn(l.name);
      if (towns.length !== 1) {
        problems.push(`${l.name}: names ${towns.length} towns`);
        continue;
      }
      const town = towns[0]!;
      if (!l.name.endsWith(` – ${town.name}`)) problems.push(`${l.name}: does not end with its town`);
      const places = [...l.regionIds.map((id) => regionById.get(id)), ...l.countyIds.map((id) => {
        const county = countyById.get(id);
        return county && regionById.get(county.regionId);
      })];
      if (places.length === 0) problems.push(`${l.name}: no place`);
      // Every place is in the town's region (fylke/län), of the town's country...
      for (const region of places) {
        if (region?.name !== town.region || region.country !== town.country) problems.push(`${l.name}: placed in ${region?.name}`);
      }
      // ...and the town's own kommune is covered, by itself or by the whole region.
      const homeCovered = l.countyIds.some((id) => countyById.get(id)?.name === town.county)
        || l.regionIds.some((id) => regionById.get(id)?.name === town.region);
      if (!homeCovered) problems.push(`${l.name}: ${town.county} is not among its places`);
      // The company is of the town's country, and says it is based there.
      const company = companyById.get(l.companyId)!;
      if (companyCountry(company) !== town.country) problems.push(`${l.name}: company ${company.name} is ${companyCountry(company)}`);
      if (!company.shortDescription.includes(town.name) || !company.description.includes(town.name)) {
        problems.push(`${l.name}: company ${company.name} does not say it is in ${town.name}`);
      }
      for (const other of SEED_CITIES.filter((c) => c.name !== town.name)) {
        if (citiesNamedIn(`${l.shortDescription} ${l.description} ${company.description}`).includes(other)) {
          problems.push(`${l.name}: its texts name ${other.name}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('files every listing under a sub-category of its category, with services of both, matching its name', () => {
    const categoryById = new Map(data.categories.map((c) => [c.id, c]));
    const subById = new Map(data.subCategories.map((s) => [s.id, s]));
    const companyByName = new Map(demoCompanies().map((c) => [c.name, c]));
    const companyById = new Map(data.companies.map((c) => [c.id, c]));
    const problems: string[] = [];
    for (const l of data.listings) {
      const category = categoryById.get(l.categoryId)!;
      const sub = l.subCategoryId ? subById.get(l.subCategoryId) : undefined;
      if (!sub || sub.categoryId !== category.id) problems.push(`${l.name}: sub-category ${sub?.name} not in ${category.name}`);
      const ownCategoryServices = new Set(data.categoryServices.filter((s) => s.categoryId === category.id).map((s) => s.id));
      const ownSubServices = new Set(data.subCategoryServices.filter((s) => s.subCategoryId === sub?.id).map((s) => s.id));
      if (!l.categoryServiceIds.every((id) => ownCategoryServices.has(id))) problems.push(`${l.name}: a service of another category`);
      if (l.subCategoryServiceIds.length === 0 || !l.subCategoryServiceIds.every((id) => ownSubServices.has(id))) {
        problems.push(`${l.name}: services not of ${sub?.name}`);
      }
      // The name is one of that sub-category's names in the company's language, and the company
      // works in that category.
      const demo = companyByName.get(companyById.get(l.companyId)!.name)!;
      if (demo.categoryName !== category.name) problems.push(`${l.name}: company works in ${demo.categoryName}`);
      const names = DEMO_TEXTS[demo.language].categories[category.name]?.subCategories[sub?.name ?? '']?.names ?? [];
      if (!names.some((n) => n.replace('{city}', demo.city.name) === l.name)) problems.push(`${l.name}: not a name for ${sub?.name}`);
    }
    expect(problems).toEqual([]);
  });

  it('has texts for every seeded category and sub-category in all three languages', () => {
    for (const lang of LANGUAGES) {
      for (const category of SEED_TAXONOMY) {
        const texts = DEMO_TEXTS[lang].categories[category.name];
        expect(texts, `${lang} ${category.name}`).toBeDefined();
        for (const sub of category.subCategories) expect(texts!.subCategories[sub.name], `${lang} ${sub.name}`).toBeDefined();
      }
    }
  });

  it('writes each listing and company in one language: its country\'s, or English for a minority', () => {
    const companyById = new Map(data.companies.map((c) => [c.id, c]));
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    for (const company of data.companies) {
      const country = companyCountry(company);
      const towns = citiesNamedIn(company.shortDescription).map((c) => c.name);
      const lang = languageOf(`${company.shortDescription} ${company.description}`, [company.name, ...towns]);
      if (!allowed(country).includes(lang as DemoLanguage)) problems.push(`company ${company.name} (${country}): ${lang}`);
      for (const l of data.listings.filter((x) => x.companyId === company.id)) {
        const town = citiesNamedIn(l.name)[0]?.name ?? '';
        const listingLang = languageOf(`${l.name}. ${l.shortDescription} ${l.description}`, [company.name, town]);
        if (listingLang !== lang) problems.push(`${l.name} (${company.name}, ${lang}): ${listingLang}`);
        counts[listingLang] = (counts[listingLang] ?? 0) + 1;
      }
    }
    expect(problems).toEqual([]);
    expect(companyById.size).toBeGreaterThan(0);
    // All three languages, English a minority.
    expect(counts.nb).toBeGreaterThan(0);
    expect(counts.sv).toBeGreaterThan(0);
    expect(counts.en! / data.listings.length).toBeGreaterThan(0.1);
    expect(counts.en! / data.listings.length).toBeLessThan(0.35);
  });

  it('writes rich text: paragraphs and a list, and a short text that fits the card', () => {
    for (const l of data.listings) {
      expect(l.description).toMatch(/^<p>.+<\/p>$/);
      expect(l.description.match(/<p>/g)!.length).toBeGreaterThanOrEqual(3);
      expect(l.description).toMatch(/<ul>(<li>[^<]+<\/li>){3}<\/ul>/);
      expect(l.shortDescription.length).toBeLessThanOrEqual(150);
      expect(l.name.length).toBeLessThanOrEqual(50);
    }
  });

  it("finds 'Elegant banquet halls – Oslo' under Venues → Banquet halls → Oslo through the search route, and only Oslo listings", async () => {
    const venues = data.categories.find((c) => c.name === 'Venues')!;
    const banquet = data.subCategories.find((s) => s.categoryId === venues.id && s.name === 'Banquet halls')!;
    const oslo = data.regions.find((r) => r.name === 'Oslo')!;
    const search = async (payload: object) => {
      const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: { pageSize: 96, ...payload } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchResponse;
    };
    const found = await search({ categoryId: venues.id, subCategoryIds: [banquet.id], regions: [oslo.id] });
    expect(found.listings.map((l) => l.name)).toContain('Elegant banquet halls – Oslo');
    expect(found.listings.every((l) => l.name.endsWith('– Oslo') && l.categoryId === venues.id)).toBe(true);
    // The whole Oslo region: every listing named after Oslo, and every Oslo listing found.
    const inOslo = await search({ regions: [oslo.id] });
    expect(inOslo.totalCount).toBeGreaterThan(5);
    expect(inOslo.listings.filter((l) => !l.name.endsWith('– Oslo')).map((l) => l.name)).toEqual([]);
    expect(inOslo.totalCount).toBe(data.listings.filter((l) => l.name.endsWith('– Oslo')).length);
  });
});
