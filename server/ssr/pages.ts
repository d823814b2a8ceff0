import type { Category, SubCategory } from '../../src/domain/taxonomy';
import type { Company } from '../../src/domain/companies';
import type { CategorySearchResult, Listing, SearchResponse } from '../../src/domain/listings';
import { isUuid } from '../../src/domain/ids';
import { searchPageKey, toSearchBody } from '../../src/db/search-key';
import { parseBrowseState, toSearchRequest } from '../../src/features/browse/url-state';
import { BANNER_SIZES, BANNER_WIDTH, LARGE_WIDTHS } from '../../src/ui/banner-image';
import type { PageMetaInput } from '../../src/app/page-meta';
import { feedRequest, isFeedSeed, type SsrData } from '../../src/domain/ssr';
import type { AppDeps } from '../deps';
import { HttpError } from '../lib/errors';
import type { PreloadImage } from './head';
import { companyService } from '../modules/companies/service';
import { sanitizeDescription } from '../modules/listings/rich-text';
import { categorySearchQuery, searchBody } from '../modules/listings/schemas';
import { listingService } from '../modules/listings/service';
import { taxonomyService } from '../modules/taxonomy/service';

/** The page data the server renders a public route with, and what its head says. */
export interface PublicPage {
  status: 200 | 404;
  data: Omit<SsrData, 'locale' | 'theme'>;
  meta: PageMetaInput;
  /** The canonical path and query (without the origin). */
  canonical: string;
  ogType: 'website' | 'product' | 'profile';
  /** A file id for og:image, or null (the app's icon is used). */
  imageFileId: string | null;
  jsonLd: object | null;
  /** The largest image above the fold, preloaded from the head (the page's largest paint). */
  preloadImage?: PreloadImage | null;
}

/** The public routes the server renders (src/config/paths.ts), matched case-insensitively like the router. */
export type PublicRoute =
  | { kind: 'home' }
  | { kind: 'search' }
  | { kind: 'browse' }
  | { kind: 'listing'; id: string }
  | { kind: 'company' };

export function matchPublicRoute(path: string): PublicRoute | null {
  const lower = path.toLowerCase().replace(/\/+$/, '') || '/';
  if (lower === '/' || lower === '/home') return { kind: 'home' };
  if (lower === '/search') return { kind: 'search' };
  if (lower === '/listings') return { kind: 'browse' };
  if (lower === '/company-overview') return { kind: 'company' };
  const listing = /^\/listing\/([^/]+)$/i.exec(path.replace(/\/+$/, ''));
  if (listing) {
    let id: string;
    try {
      id = decodeURIComponent(listing[1]!);
    } catch {
      id = listing[1]!; // a malformed escape names no listing: the page's not-found view
    }
    return { kind: 'listing', id };
  }
  return null;
}

/** An image's address as the app writes it (src/api/files.ts `filesApi.url`): a preload must match byte for byte. */
const fileUrl = (id: string, width: number) => `/api/files/${id}?width=${width}`;

/** A banner (the listing page's Banner.tsx, the company overview's CompanyProfile.tsx): its src, width-descriptor srcset and sizes. */
const bannerPreload = (fileId: string): PreloadImage => ({
  href: fileUrl(fileId, BANNER_WIDTH),
  srcset: LARGE_WIDTHS.map((w) => `${fileUrl(fileId, w)} ${w}w`).join(', '),
  sizes: BANNER_SIZES,
});

const parseJson = <T>(buffer: Buffer): T => JSON.parse(buffer.toString('utf8')) as T;
const isNotFound = (error: unknown) => error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);

/** Fetches what each public page shows, with the services the API answers with (not over HTTP). */
export function publicPages(deps: AppDeps) {
  const listings = listingService(deps);
  const companies = companyService(deps.db, deps.clock);
  const taxonomy = taxonomyService(deps.db, deps.clock);
  const absolute = (path: string) => new URL(path, deps.config.publicUrl).href;
  const categories = (): Promise<Category[]> => taxonomy.listCategories() as Promise<Category[]>;

  async function home(seedCookie: string | null): Promise<PublicPage> {
    const seed = seedCookie && isFeedSeed(seedCookie) ? seedCookie : String(Math.floor(Math.random() * 2 ** 31));
    const request = { ...feedRequest(seed), pageNumber: 1 };
    const [all, feed] = await Promise.all([categories(), listings.search(searchBody.parse(toSearchBody(request)))]);
    return {
      status: 200,
      data: { categories: all, feedSeed: seed, searchPages: { [searchPageKey(request)]: parseJson<SearchResponse>(feed) } },
      meta: { kind: 'home' }, canonical: '/', ogType: 'website', imageFileId: null,
      jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'EventMarket', url: absolute('/') },
    };
  }

  async function search(query: URLSearchParams): Promise<PublicPage> {
    const parsed = categorySearchQuery.safeParse({ q: query.get('q') ?? undefined });
    const q = parsed.success ? (parsed.data.q ?? '').trim() : '';
    const counts = parsed.success ? parseJson<CategorySearchResult>(await listings.categoryCounts(q)) : null;
    return {
      status: 200,
      data: counts ? { searchCategories: { [q]: counts } } : {},
      // The title names what was asked even when it is refused (over the length limit), as the screen's does.
      meta: { kind: 'search', query: parsed.success ? q : (query.get('q') ?? '').trim() },
      canonical: q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search',
      ogType: 'website', imageFileId: null, jsonLd: null,
    };
  }

  /**
   * The browse page's results for the address's filters, sort and page, as the API answers them,
   * keyed as the screen looks them up (searchPageKey of its request). None for a random order
   * without a seed (the app draws one and replaces the address first) or a request the API would
   * refuse (the screen's own pull then shows the error): never a failed page.
   */
  async function browseResults(search: string): Promise<Record<string, SearchResponse>> {
    const state = parseBrowseState(search);
    if (state.sort === 'random' && !state.seed) return {};
    const request = toSearchRequest(state);
    const body = searchBody.safeParse(toSearchBody(request));
    if (!body.success) return {};
    const answer = await listings.search(body.data).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode < 500) return null;
      throw error;
    });
    return answer ? { [searchPageKey(request)]: parseJson<SearchResponse>(answer) } : {};
  }

  async function browse(query: URLSearchParams): Promise<PublicPage> {
    const state = parseBrowseState(query.toString());
    // The chosen category's sub-categories are its first filter (the sidebar on a wide screen).
    const chosen = state.categoryId && isUuid(state.categoryId) ? state.categoryId : null;
    const [all, searchPages, subCategories] = await Promise.all([
      categories(), browseResults(query.toString()),
      chosen ? taxonomy.listSubCategories(chosen) as Promise<SubCategory[]> : null,
    ]);
    const category = state.categoryId ? all.find((c) => c.id === state.categoryId) ?? null : null;
    // Filters, sort, page size and page are views of one list: the category is the page.
    const canonical = category ? `/listings?${new URLSearchParams({ categoryId: category.id }).toString()}` : '/listings';
    return {
      status: 200,
      data: { categories: all, searchPages, ...(category && subCategories ? { subCategories: { [category.id]: subCategories } } : {}) },
      meta: { kind: 'browse', categoryName: category?.name ?? null, query: state.search },
      canonical, ogType: 'website', imageFileId: category?.imageUri ?? null, jsonLd: null,
    };
  }

  async function listing(id: string): Promise<PublicPage> {
    const found: Listing | null = isUuid(id)
      ? await listings.get(id, null).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      })
      : null;
    if (!found) return notFound({ missingIds: [id] });
    // The stored description was sanitized on write; again here, as the page puts it in as HTML.
    const shown: Listing = { ...found, description: sanitizeDescription(found.description) };
    const canonical = `/listing/${found.id}`;
    // The banner (the card image without one): the first thing under the top bar, full width.
    const banner = found.bannerImageUri ?? found.cardImageUri;
    // The side card's company and the breadcrumb's category are part of the first view too.
    const [owner, all] = await Promise.all([
      companies.get(null, found.companyId).then(({ company }) => company as Company, (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
      categories(),
    ]);
    return {
      status: 200,
      data: { listings: { [found.id]: shown }, categories: all, ...(owner ? { companies: { [owner.id]: owner } } : {}) },
      meta: { kind: 'listing', listing: shown }, canonical, ogType: 'product',
      imageFileId: banner,
      preloadImage: banner ? bannerPreload(banner) : null,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: found.name,
        description: found.shortDescription || undefined,
        url: absolute(canonical),
        ...(banner ? { image: absolute(`/api/files/${banner}?width=1200`) } : {}),
        provider: { '@type': 'Organization', name: found.company.name, url: absolute(`/company-overview?companyId=${found.companyId}`) },
        ...(found.price != null && found.price > 0
          ? { offers: { '@type': 'Offer', price: found.price, priceCurrency: 'NOK', url: absolute(canonical) } }
          : {}),
      },
    };
  }

  async function company(query: URLSearchParams): Promise<PublicPage> {
    const id = query.get('companyId') ?? '';
    const found: Company | null = isUuid(id)
      ? await companies.get(null, id).then(({ company }) => company as Company, (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      })
      : null;
    if (!found) return notFound({ missingIds: [id] });
    const cards = await listings.byCompany(found.id, null);
    const canonical = `/company-overview?${new URLSearchParams({ companyId: found.id }).toString()}`;
    return {
      status: 200,
      data: { companies: { [found.id]: found }, companyListings: { [found.id]: cards } },
      meta: { kind: 'company', company: found }, canonical, ogType: 'profile',
      imageFileId: found.logoImageUri ?? found.bannerImageUri,
      // The banner leads the page, full width, when the company has one.
      preloadImage: found.bannerImageUri ? bannerPreload(found.bannerImageUri) : null,
      jsonLd: {
        '@context': 'https://schema.org', '@type': 'Organization', name: found.name, url: absolute(canonical),
        description: found.shortDescription || undefined,
        ...(found.websiteUrl ? { sameAs: [found.websiteUrl] } : {}),
      },
    };
  }

  function notFound(data: PublicPage['data']): PublicPage {
    return { status: 404, data, meta: { kind: 'notFound' }, canonical: '', ogType: 'website', imageFileId: null, jsonLd: null };
  }

  return {
    load(route: PublicRoute, query: URLSearchParams, seedCookie: string | null): Promise<PublicPage> {
      switch (route.kind) {
        case 'home': return home(seedCookie);
        case 'search': return search(query);
        case 'browse': return browse(query);
        case 'listing': return listing(route.id);
        case 'company': return company(query);
      }
    },
  };
}
