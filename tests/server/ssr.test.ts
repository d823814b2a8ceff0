import { execSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EARLY_TAPS_SCRIPT } from '../../src/app/early-taps-script';
import { START_SNAPSHOT_SCRIPT } from '../../src/ui/start-snapshot-script';
import { searchPageKey } from '../../src/db/search-key';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/settings';
import type { SsrData } from '../../src/domain/ssr';
import { parseBrowseState, toSearchRequest } from '../../src/features/browse/url-state';
import { companies, siteSettings } from '../../server/db/schema';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

// The server renders with the built app (dist/ for the template, dist-server/ for the entry).
let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let listingId: string;
let hostileId: string;
let bannerId: string;
const BANNER = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const HOSTILE = 'Evil </script><script>alert(1)</script> <!-- & "quoted"';

beforeAll(async () => {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  t = await createTestApp({ staticDir: resolve('dist'), ssrDir: resolve('dist-server') });
  f = await listingFixture(t);
  listingId = (await f.add({ name: 'Garden venue by the fjord', shortDescription: 'A venue for 80 guests', price: 12000 })).id;
  hostileId = (await f.add({ name: HOSTILE, shortDescription: HOSTILE })).id;
  bannerId = (await f.add({ name: 'Banner hall', bannerImageUri: BANNER, cardImageUri: randomUUID() })).id;
}, 300_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

/** The embedded data, parsed as the browser's JSON.parse would. */
function ssrData(html: string): SsrData {
  const match = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as SsrData;
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

/**
 * The head's banner preload names byte for byte the addresses the rendered banner (`testId`)
 * asks for, or the browser fetches the image twice.
 */
function expectBannerPreload(html: string, testId: string) {
  const link = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high" \/>/.exec(html);
  expect(link).not.toBeNull();
  const [, href, srcset, sizes] = link!;
  expect(href).toBe(`/api/files/${BANNER}?width=1200`);
  // In the head, before the stylesheet and the entry script.
  expect(html.indexOf(link![0])).toBeLessThan(html.indexOf('</head>'));
  const img = new RegExp(`<div[^>]*data-testid="${testId}"[^>]*>[\\s\\S]*?<img([^>]*)>`).exec(html)?.[1] ?? '';
  const attr = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(img)?.[1];
  expect(attr('src')).toBe(href);
  expect(attr('srcSet') ?? attr('srcset')).toBe(srcset!.replace(/&amp;/g, '&'));
  expect(attr('sizes')).toBe(sizes);
}

describe('server-rendered listing page', () => {
  it('has the listing in the markup, its head tags, valid JSON-LD and its data for hydration', async () => {
    const res = await get(`/listing/${listingId}`, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<h1 id="listing-title"');
    expect(html).toContain('Garden venue by the fjord</h1>');
    expect(html).toContain('<title>Garden venue by the fjord | EventMarket</title>');
    expect(html).toContain(`<link rel="canonical" href="http://app.test/listing/${listingId}" />`);
    expect(meta(html, 'description')).toBe('A venue for 80 guests');
    expect(meta(html, 'og:title')).toBe('Garden venue by the fjord | EventMarket');
    expect(meta(html, 'og:url')).toBe(`http://app.test/listing/${listingId}`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/app\.test\//);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org', '@type': 'Service', name: 'Garden venue by the fjord',
      url: `http://app.test/listing/${listingId}`,
      provider: { '@type': 'Organization', name: f.company.name },
      offers: { '@type': 'Offer', price: 12000, priceCurrency: 'NOK' },
    });
    const data = ssrData(html);
    expect(data.locale).toBe('en');
    expect(data.listings?.[listingId]?.name).toBe('Garden venue by the fjord');
    // The side card's company and the breadcrumb's category are rendered, not left loading.
    const listing = data.listings![listingId]!;
    expect(data.companies?.[listing.companyId]?.name).toBe(f.company.name);
    expect(html).not.toContain('data-testid="company-loading"');
    expect(html).toMatch(new RegExp(`data-testid="company-card"[\\s\\S]*${f.company.name}`));
    const category = data.categories?.find((c) => c.id === listing.categoryId);
    expect(category).toBeDefined();
    expect(html).toContain(`title="${category!.name}"`);
    // The template's hashed assets stay.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('inlines the stylesheet, allowed by its hash in the CSP (no unsafe-inline)', async () => {
    const res = await get(`/listing/${listingId}`);
    const css = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1];
    expect(css).toBeTruthy();
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    const hash = `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`;
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' ${hash}`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('runs one inline script, the early-tap keeper, in the head and allowed by its hash alone', async () => {
    const res = await get(`/listing/${listingId}`);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual([EARLY_TAPS_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT, 'utf8').digest('base64')}'`;
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${hash};`);
  });

  it("the worker's shell runs one inline script, the start snapshot, after the root and allowed by its hash; a rendered page has neither", async () => {
    const shell = await get('/index.html');
    expect(shell.statusCode).toBe(200);
    const inline = [...shell.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual([START_SNAPSHOT_SCRIPT]);
    expect(shell.body.indexOf('<div id="root"></div>')).toBeLessThan(shell.body.indexOf('<script>'));
    const hash = `'sha256-${createHash('sha256').update(START_SNAPSHOT_SCRIPT, 'utf8').digest('base64')}'`;
    expect(String(shell.headers['content-security-policy'])).toContain(`script-src 'self' ${hash};`);
    const page = await get('/');
    expect(page.body).not.toContain(START_SNAPSHOT_SCRIPT);
    expect(String(page.headers['content-security-policy'])).not.toContain(hash);
  });

  it('escapes a hostile name everywhere: nothing breaks out of the markup, the JSON or the JSON-LD', async () => {
    const res = await get(`/listing/${hostileId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    // Exactly the early-tap keeper, the template's module script, the JSON-LD and the data: no
    // script the name opened.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).not.toContain('<!-- &');
    expect(ssrData(html).listings?.[hostileId]?.name).toBe(HOSTILE);
    expect(jsonLd(html).name).toBe(HOSTILE);
    expect(meta(html, 'og:title')).toBe('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;quoted&quot; | EventMarket');
  });

  it('preloads the banner from the head with the srcset and sizes its <img> asks for, allowed by the CSP', async () => {
    const res = await get(`/listing/${bannerId}`);
    expectBannerPreload(res.body, 'listing-banner');
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self'/);
    // A listing without any image preloads nothing.
    expect((await get(`/listing/${listingId}`)).body).not.toContain('rel="preload" as="image"');
  });

  it('answers an unknown or malformed id with the not-found page, 404 and noindex, never a 5xx', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 'x'.repeat(3000), '%3Cscript%3E', "1'%20or%20'1'='1"]) {
      const res = await get(`/listing/${id}`);
      expect(res.statusCode, id.slice(0, 40)).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).toContain('data-testid="listing-not-found"');
    }
  });
});

describe('server-rendered home, search, browse and company overview', () => {
  it('home: the categories and the first feed page in the markup, in the Accept-Language language', async () => {
    const res = await get('/', { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="sv">');
    expect(res.body).toContain('Hitta leverantörer av evenemangstjänster i Norge och Sverige');
    expect(res.body).toContain(f.catA.name);
    expect(res.body).toContain('Garden venue by the fjord');
    expect(res.body).toContain('<link rel="canonical" href="http://app.test/" />');
    const data = ssrData(res.body);
    expect(data.locale).toBe('sv');
    expect(data.feedSeed).toMatch(/^\d+$/);
  });

  it('picks the language: the cookie first, then Accept-Language (nb and nn are Norwegian), else Norwegian', async () => {
    const lang = async (headers: Record<string, string>) => /<html lang="(\w+)"/.exec((await get('/', headers)).body)?.[1];
    expect(await lang({ 'accept-language': 'nn-NO' })).toBe('no');
    expect(await lang({ 'accept-language': 'nb' })).toBe('no');
    expect(await lang({ 'accept-language': 'de-DE,en;q=0.8' })).toBe('en');
    expect(await lang({ 'accept-language': 'de-DE' })).toBe('no');
    expect(await lang({})).toBe('no');
    expect(await lang({ 'accept-language': 'sv', cookie: 'locale=en' })).toBe('en');
    expect(await lang({ 'accept-language': 'en', cookie: 'locale=%E0%A4%A' })).toBe('en');
  });

  it('renders in the theme of the cookie, so a light-theme visitor sees no dark flash', async () => {
    expect((await get('/', { cookie: 'theme=light' })).body).toContain('<html lang="no" class="light">');
    expect((await get('/', { cookie: 'theme=evil"' })).body).toContain('<html lang="no">');
  });

  it('keeps the feed order of the seed cookie and ignores a malformed one', async () => {
    expect(ssrData((await get('/', { cookie: 'feedSeed=12345' })).body).feedSeed).toBe('12345');
    expect(ssrData((await get('/', { cookie: 'feedSeed=1;DROP' })).body).feedSeed).not.toBe('1;DROP');
  });

  it('search: the category counts of the query, a canonical URL with the query only', async () => {
    const res = await get('/search?q=garden&utm_source=x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="http://app.test/search?q=garden" />');
    expect(ssrData(res.body).searchCategories?.garden?.totalListings).toBe(1);
    expect(res.body).toContain(f.catA.name);
    // A query over the length limit is refused (no counts), but the title still names it, as the screen's does.
    const long = ` ${'y'.repeat(250)} `;
    const refused = await get(`/search?q=${encodeURIComponent(long)}`, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(200);
    expect(ssrData(refused.body).searchCategories).toBeUndefined();
    expect(refused.body).toContain(`<title>Search results for “${long.trim()}” | EventMarket</title>`);
  });

  it('browse: the results of the address\'s filters, sort and page in the markup and embedded by the screen\'s key', async () => {
    const search = `categoryId=${f.catA.id}&sort=nameAsc&size=24`;
    const res = await get(`/listings?${search}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const key = searchPageKey(toSearchRequest(parseBrowseState(search)));
    const page = ssrData(res.body).searchPages?.[key];
    expect(page?.pageSize).toBe(24);
    expect(page?.listings.map((l) => l.name)).toEqual([...page!.listings.map((l) => l.name)].sort((a, b) => a.localeCompare(b)));
    expect(page?.listings.map((l) => l.name)).toContain('Garden venue by the fjord');
    // The cards are rendered, not the loading skeletons; the total is shown.
    const grid = /data-testid="browse-results"[\s\S]*?<\/ul>/.exec(res.body)?.[0] ?? '';
    expect(grid.match(/<article/g)?.length).toBe(page!.listings.length);
    expect(grid).toContain('Garden venue by the fjord');
    expect(res.body).not.toContain('aria-busy="true"');
    expect(res.body).toMatch(new RegExp(`data-testid="result-total">${page!.totalCount}<`));
    expect(res.body).toContain(`data-testid="browse-title">${f.catA.name}</h1>`);
  });

  it('browse: the chosen category\'s sub-categories are embedded and their filter rendered, checked as the address says', async () => {
    const res = await get(`/listings?categoryId=${f.catA.id}&sub=${f.subA2.id}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const embedded = ssrData(res.body).subCategories;
    expect(Object.keys(embedded ?? {})).toEqual([f.catA.id]);
    expect(embedded![f.catA.id]!.map((s) => s.name).sort()).toEqual(['Portraits', 'Weddings']);
    const filter = /data-testid="subcategory-filter"[\s\S]*?<\/fieldset>/.exec(res.body)?.[0] ?? '';
    expect(filter).toContain('Weddings');
    expect(filter).toMatch(/<input[^>]*checked=""[^>]*>[\s\S]*?Portraits/);
    // No category, an unknown one or a hostile id: nothing embedded, never a 5xx.
    for (const search of ['', `categoryId=${randomUUID()}`, 'categoryId=%27%3B--', `categoryId=${'x'.repeat(5000)}`]) {
      const other = await get(`/listings?${search}`);
      expect(other.statusCode, search.slice(0, 40)).toBe(200);
      expect(Object.values(ssrData(other.body).subCategories ?? {}).flat(), search.slice(0, 40)).toEqual([]);
    }
  });

  it('browse: a hostile name in the results stays inside the markup and the JSON', async () => {
    const res = await get(`/listings?categoryId=${f.catA.id}&search=Evil`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    // The early-tap keeper, the template's module script and the data.
    expect(res.body.match(/<script/g)).toHaveLength(3);
    const page = Object.values(ssrData(res.body).searchPages ?? {})[0];
    expect(page?.listings.map((l) => l.name)).toEqual([HOSTILE]);
  });

  it('browse: nothing embedded for a random order without a seed (the app draws one) or a request the API refuses', async () => {
    for (const search of ['sort=random', `sub=${'x'.repeat(40)}`, `page=${2_000_000}`]) {
      const res = await get(`/listings?${search}`);
      expect(res.statusCode, search).toBe(200);
      expect(ssrData(res.body).searchPages, search).toEqual({});
      expect(res.body, search).toContain('aria-busy="true"');
    }
    // With a seed the random order is rendered (the same seed, the same order).
    const seeded = ssrData((await get('/listings?sort=random&seed=42')).body).searchPages;
    expect(Object.values(seeded ?? {})[0]?.seed).toBe('42');
  });

  it('browse: the canonical URL keeps the category only', async () => {
    const res = await get(`/listings?categoryId=${f.catA.id}&sort=priceAsc&page=2&search=x`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="http://app.test/listings?categoryId=${f.catA.id}" />`);
    // Norwegian (no cookie, no Accept-Language): the search text in Norwegian quotation marks.
    expect(res.body).toContain(`<title>${f.catA.name}: «x» | EventMarket</title>`);
    const en = await get(`/listings?categoryId=${f.catA.id}&search=x`, { 'accept-language': 'en' });
    expect(en.body).toContain(`<title>${f.catA.name}: “x” | EventMarket</title>`);
  });

  it('company overview: the company, its cards and Organization JSON-LD; unknown ids are a 404', async () => {
    const res = await get(`/company-overview?companyId=${f.company.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${f.company.name} | EventMarket</title>`);
    expect(jsonLd(res.body)).toMatchObject({ '@type': 'Organization', name: f.company.name });
    expect(res.body).toContain('Garden venue by the fjord');
    for (const id of [f.hiddenCompany.id, 'nope', '']) {
      const missing = await get(`/company-overview?companyId=${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('data-testid="company-not-found"');
    }
  });

  it('company overview: preloads the banner the page leads with, and nothing without one', async () => {
    expect((await get(`/company-overview?companyId=${f.company.id}`)).body).not.toContain('rel="preload" as="image"');
    await t.deps.db.update(companies).set({ bannerImageUri: BANNER }).where(eq(companies.id, f.company.id));
    try {
      expectBannerPreload((await get(`/company-overview?companyId=${f.company.id}`)).body, 'company-banner');
    } finally {
      await t.deps.db.update(companies).set({ bannerImageUri: null }).where(eq(companies.id, f.company.id));
    }
  });

  it('never answers a hostile query string with a 5xx', async () => {
    const queries = [
      '/search?q=' + 'a'.repeat(5000), '/search?q=%3C%2Fscript%3E', '/search?q[]=1&q[]=2', '/listings?page=-1&size=1e9&sort=__proto__',
      '/listings?categoryId=%27%3B--', '/listings?region=' + 'x,'.repeat(2000), '/company-overview?companyId[]=1', '/?feedSeed=1',
      '/listings?sub=' + 'a,'.repeat(500), '/listings?search=' + '%00'.repeat(300), '/listings?search=' + 'x'.repeat(5000),
      '/listings?sort=random&seed=' + 'y'.repeat(500), '/listings?page=99999999999999999999&size=96', '/listings?county=%E0%A4%A',
      '/listings?region=region-' + '1'.repeat(100),
      // A NUL that Fastify's query parser leaves encoded (the bad escape after it) but URLSearchParams decodes.
      '/listings?search=%00%ZZ', '/search?q=%00%ZZ', '/listings?search=a%00b&sort=random&seed=1',
    ];
    for (const url of queries) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 60)).toBeLessThan(500);
      expect(res.body, url.slice(0, 60)).not.toContain('<script>alert');
    }
  });

  it('renders the contact details an Admin set in the footer and embeds them for hydration', async () => {
    const set = { contactEmail: 'hello@fjordevents.no', organisationNumber: '987 654 321' };
    await t.deps.db.update(siteSettings).set(set).where(eq(siteSettings.id, 1));
    try {
      const res = await get('/', { 'accept-language': 'en' });
      expect(res.body).toContain('href="mailto:hello@fjordevents.no"');
      expect(res.body).toContain('987 654 321');
      expect(ssrData(res.body).siteSettings).toEqual(set);
    } finally {
      await t.deps.db.update(siteSettings).set(DEFAULT_SITE_SETTINGS).where(eq(siteSettings.id, 1));
    }
  });

  /** The built entry's path, as dist/index.html loads it. */
  const builtEntry = () => /<script type="module" crossorigin src="\/(assets\/index-[\w-]+\.js)">/.exec(readFileSync(resolve('dist/index.html'), 'utf8'))![1]!;
  /** A built chunk's preloads: Vite's file table (null without one) and each dynamic import's list of files from it. */
  const preloadsOf = (code: string) => {
    const table = /m\.f=(\[[^\]]*\])/.exec(code);
    const files = table ? JSON.parse(table[1]!) as string[] : null;
    const calls = files ? [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => m[1]!.split(',').filter(Boolean).map(Number)) : [];
    return { files, calls };
  };

  it("no chunk's dynamic import preloads the entry or its stylesheet again (a rendered page has the stylesheet inline)", () => {
    const entry = builtEntry();
    const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/index-[\w-]+\.css)">/.exec(readFileSync(resolve('dist/index.html'), 'utf8'))![1]!;
    let calls = 0;
    for (const name of readdirSync(resolve('dist/assets')).filter((file) => file.endsWith('.js'))) {
      const { files, calls: lists } = preloadsOf(readFileSync(resolve('dist/assets', name), 'utf8'));
      if (!files) continue;
      for (const list of lists) {
        calls++;
        const deps = list.map((index) => files[index]);
        expect(deps, name).not.toContain(entry);
        expect(deps, name).not.toContain(stylesheet);
      }
    }
    // The lists are still there for everything else (the data chunk's own imports, say).
    expect(calls).toBeGreaterThan(10);
  });

  it("the listing page, browse and company overview load without Headless UI's dialog, which their dialogs fetch when opened", () => {
    const { files: table, calls } = preloadsOf(readFileSync(resolve('dist', builtEntry()), 'utf8'));
    const files = table!;
    // Headless UI names its dialogs' ids `headlessui-dialog-…`: the chunk that says so is the dialog.
    const hasDialog = (file: string) => readFileSync(resolve('dist', file), 'utf8').includes('headlessui-dialog');
    expect(files.filter(hasDialog)).toHaveLength(1);
    for (const screen of ['ListingPage', 'BrowsePage', 'CompanyOverviewPage']) {
      const index = files.findIndex((file) => file.startsWith(`assets/${screen}-`));
      const call = calls.find((list) => list[0] === index);
      expect(call, screen).toBeDefined();
      const deps = call!.map((i) => files[i]!);
      expect(deps.filter(hasDialog), screen).toEqual([]);
      // Its own chunk does not import it statically either.
      expect(hasDialog(files[index]!), screen).toBe(false);
    }
  });

  it('leaves other routes to the app shell and the API to its JSON 404', async () => {
    const shell = await get('/profile');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.body).not.toContain('id="ssr-data"');
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.stringContaining('not found') });
  });
});

describe('compression', () => {
  it('sends a rendered page compressed when the client accepts it, plain otherwise', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await t.request({ method: 'GET', url: `/listing/${listingId}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('Garden venue by the fjord</h1>');
    const gz = await t.request({ method: 'GET', url: `/listing/${listingId}`, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('Garden venue by the fjord</h1>');
    const plain = await t.request({ method: 'GET', url: `/listing/${listingId}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Garden venue by the fjord</h1>');
  });
});
