import { vi } from 'vitest';
import type { Listing, ListingCard, SearchResponse } from '../../../src/domain/listings';
import type { Category } from '../../../src/domain/taxonomy';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 || status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

type Handler = (init: RequestInit & { url: URL }) => Response | Promise<Response>;

/**
 * Stubs fetch with a table of `'METHOD /path'` handlers (path without /api, no query); anything
 * else answers 404. Returns the mock so tests can count calls.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`];
    return handler ? handler({ ...init, url }) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const calls = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url, 'http://localhost').pathname === `/api${path}`);

export const category = (n: number): Category => ({
  id: `cat-${n}`, name: `Category ${n}`, shortDescription: '', description: '', imageUri: null, version: 1,
});

export const card = (id: string, extra: Partial<ListingCard> = {}): ListingCard => ({
  id,
  name: `Listing ${id}`,
  shortDescription: 'short',
  price: 1000,
  cardImageUri: null,
  categoryId: 'cat-1',
  subCategoryId: null,
  subCategoryServiceIds: [],
  company: { id: 'co-1', name: 'Company', logoImageUri: null },
  ...extra,
});

export const detail = (id: string, extra: Partial<Listing> = {}): Listing => ({
  ...card(id),
  description: '<p>Full description</p>',
  bannerImageUri: null,
  galleryImageIds: ['g1', 'g2'],
  videoLinks: [],
  categoryServiceIds: [],
  regionIds: [],
  countyIds: [],
  locations: [],
  status: 200,
  isActive: true,
  companyId: 'co-1',
  company: { id: 'co-1', name: 'Company', logoImageUri: null, shortDescription: '', websiteUrl: null, phoneNumber: '+47 12345678', email: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
  ...extra,
});

export const searchAnswer = (listings: ListingCard[], extra: Partial<SearchResponse> = {}): SearchResponse => ({
  listings,
  totalCount: listings.length,
  totalPages: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  sortBy: 'newest',
  sortDirection: 'desc',
  pageNumber: 1,
  pageSize: 12,
  seed: null,
  ...extra,
});

/** Retries an assertion on real timeouts until it passes (waitFor polls with setInterval, which some tests fake). */
export async function eventually(assertion: () => unknown, timeoutMs = 2000): Promise<void> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (performance.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
