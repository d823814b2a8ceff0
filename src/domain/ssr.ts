/**
 * What the server's rendering of public pages (server/ssr) and the app agree on: the data embedded
 * in a rendered page, the cookies the app sets for the server, and the home feed's first request.
 */
import type { Company } from './companies';
import type { SiteSettings } from './settings';
import { HOME_PAGE_SIZE, type CategorySearchResult, type Listing, type ListingCard, type SearchRequest, type SearchResponse } from './listings';
import type { Category, SubCategory } from './taxonomy';

/**
 * The data a server-rendered public page was rendered with (server/ssr), embedded in the page as
 * JSON so the first client render (hydration) shows exactly what the server sent. Keyed by what
 * the screens look things up by (an id, a search page's key, a query), not by address: a screen
 * uses an entry only when it is about the same thing, and its live (Dexie) data replaces it as
 * soon as that has something to show. Wire shapes (the API's answers), no Dexie types: this module
 * is in the first load and must not bring Dexie with it.
 */
export interface SsrData {
  /** The language the server rendered in: hydrating in another would not match. */
  locale: 'en' | 'no' | 'sv';
  /** The theme the server rendered (from the visitor's cookie). */
  theme: 'dark' | 'light';
  /** The contact details an Admin set (the footer, the contact page): what GET /settings/public answers. */
  siteSettings?: SiteSettings;
  /** Ids the page is about that name nothing public (a listing or company): their not-found view. */
  missingIds?: string[];
  categories?: Category[];
  /** A browse page's category's sub-categories (its filter), by category id. */
  subCategories?: Record<string, SubCategory[]>;
  /** The home feed's seed: the client adopts it, so the feed it pulls next is the one it shows. */
  feedSeed?: string;
  /** Search answers by searchPageKey (src/db/search-key.ts). */
  searchPages?: Record<string, SearchResponse>;
  /** Category counts by trimmed query (the /search screen). */
  searchCategories?: Record<string, CategorySearchResult>;
  listings?: Record<string, Listing>;
  companies?: Record<string, Company>;
  /** A company's public cards (its overview), by company id. */
  companyListings?: Record<string, ListingCard[]>;
}

/** The id of the <script type="application/json"> element that carries the data. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/** The cookie (for the browser session) with the home feed's seed: a reload shows the feed in the same order. */
export const FEED_SEED_COOKIE = 'feedSeed';
/** The cookie with the theme the app shows (src/state/theme.ts). */
export const THEME_COOKIE = 'theme';

/** One cookie's value from a Cookie header (or `document.cookie`), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null; // a malformed escape: as if the cookie were absent
      }
    }
  }
  return null;
}

/** A feed seed the server accepts from the cookie: the digits the app makes. */
export const isFeedSeed = (value: string): boolean => /^\d{1,10}$/.test(value);

/** The home feed's request for a seed (every page of it shares the same stored query key). */
export const feedRequest = (seed: string): SearchRequest => ({ pageSize: HOME_PAGE_SIZE, sortBy: 'random', seed, isInfiniteMode: true });
