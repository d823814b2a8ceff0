import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LISTING_LIST_LIMIT, type CategorySearchResult, type SearchResponse,
} from '../../../src/domain/listings';
import { categories, listings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { parse, uuidParam } from '../../lib/validate';
import { byName } from '../taxonomy/common';
import { findPublicListing, inRegions, isPublic, orderFor, selectCards, textMatch } from './queries';
import { categorySearchQuery, companyIdParam, idsBody, resolveSort, searchBody } from './schemas';

const newest = [desc(listings.createdAt), desc(listings.id)];

/** Public listing reads and search (spec 1 §7, spec 2 §7). Only approved, active listings are shown. */
export function listingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get('/listing', async () => selectCards(db, isPublic, newest, LISTING_LIST_LIMIT));

  app.post('/listing/byIds', async (request) => {
    const { ids } = parse(idsBody, request.body);
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const cards = await selectCards(db, and(isPublic, inArray(listings.id, unique)), newest, unique.length);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  });

  app.get('/listing/company/:companyId', async (request) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    return selectCards(db, and(isPublic, eq(listings.companyId, companyId)), newest, 1000);
  });

  app.post('/listing/search', async (request): Promise<SearchResponse> => {
    const body = parse(searchBody, request.body);
    const { sortBy, sortDirection } = resolveSort(body);
    // A random order without a seed gets one, returned so the next pages keep the same order.
    const seed = body.seed ?? (sortBy === 'random' ? randomBytes(6).toString('hex') : null);
    const where = and(
      isPublic,
      body.categoryId ? eq(listings.categoryId, body.categoryId) : undefined,
      body.subCategoryIds?.length ? inArray(listings.subCategoryId, body.subCategoryIds) : undefined,
      body.regions?.length ? inRegions(body.regions) : undefined,
      body.searchQuery ? textMatch(body.searchQuery) : undefined,
    );
    const { pageNumber, pageSize } = body;
    const [totalRow] = await db.select({ n: count() }).from(listings).where(where);
    const totalCount = totalRow?.n ?? 0;
    const totalPages = Math.ceil(totalCount / pageSize);
    const offset = (pageNumber - 1) * pageSize;
    const cards = offset < totalCount ? await selectCards(db, where, orderFor(sortBy, seed ?? ''), pageSize, offset) : [];
    return {
      listings: cards,
      totalCount,
      totalPages,
      hasNextPage: pageNumber < totalPages,
      hasPreviousPage: pageNumber > 1,
      sortBy,
      sortDirection,
      pageNumber,
      pageSize,
      seed,
    };
  });

  app.get('/listing/search/categories', async (request): Promise<CategorySearchResult> => {
    const query = parse(categorySearchQuery, request.query, 'query');
    const searchQuery = query.q || query.query || '';
    const rows = await db.select({ categoryId: categories.id, categoryName: categories.name, imageUri: categories.imageUri, sortOrder: categories.sortOrder, listingCount: count() })
      .from(listings).innerJoin(categories, eq(categories.id, listings.categoryId))
      .where(and(isPublic, searchQuery ? textMatch(searchQuery) : undefined))
      .groupBy(categories.id);
    const categoryResults = rows
      .filter((r) => r.listingCount > 0)
      .sort((a, b) => b.listingCount - a.listingCount || a.sortOrder - b.sortOrder || byName({ name: a.categoryName }, { name: b.categoryName }))
      .map((r) => ({ categoryId: r.categoryId, categoryName: r.categoryName, listingCount: r.listingCount, imageUri: r.imageUri }));
    return { searchQuery, totalListings: categoryResults.reduce((sum, r) => sum + r.listingCount, 0), categoryResults };
  });

  app.get('/listing/:id', async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const listing = await findPublicListing(db, id);
    if (!listing) throw notFound('Listing not found');
    return listing;
  });
}
