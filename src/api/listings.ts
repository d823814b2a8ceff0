import type { CategorySearchResult, Company, Listing, ListingCard, SearchRequest, SearchResponse } from '../domain/listings';
import { api } from './http';

/** Public listing and company reads (docs/api.md "Listings", "Companies"). */
export const listingsApi = {
  latest: () => api.get<ListingCard[]>('/listing'),
  get: (id: string) => api.get<Listing>(`/listing/${encodeURIComponent(id)}`),
  /** At most MAX_IDS_PER_REQUEST ids; the public ones come back as cards in the order asked. */
  byIds: (ids: readonly string[]) => api.post<ListingCard[]>('/listing/byIds', { ids }),
  byCompany: (companyId: string) => api.get<ListingCard[]>(`/listing/company/${encodeURIComponent(companyId)}`),
  search: (request: SearchRequest) => api.post<SearchResponse>('/listing/search', request),
  searchCategories: (q: string) => api.get<CategorySearchResult>('/listing/search/categories', { query: { q } }),
  company: (id: string) => api.get<Company>(`/company/${encodeURIComponent(id)}`),
};
