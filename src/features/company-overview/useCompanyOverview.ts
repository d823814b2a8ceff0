import { useMemo } from 'react';
import { useSsrData } from '../../ui/ssr-data';
import { approvalsApi } from '../../api/approvals';
import { ApiError } from '../../api/http';
import type { StoredListing } from '../../db/database';
import { useCompany, useCompanyListings } from '../../db/hooks';
import type { OwnedCompany } from '../../domain/companies';
import { isUuid } from '../../domain/ids';
import { PUBLIC_LISTING_STATUSES } from '../../domain/listings';
import { pullWhenAllowed } from '../../sync/pulls-later';
import { usePulled, type PullStatus } from '../../ui/usePulled';

/**
 * Where a company's load stands: 'offline' when the server could not be reached, 'error' when it
 * answered with a failure other than 404.
 */
export type OverviewState = 'loading' | 'done' | 'notFound' | 'offline' | 'error';

const toState = (status: PullStatus, found: boolean): OverviewState =>
  status === 'done' ? (found ? 'done' : 'notFound') : status;

/**
 * The public overview's company: pulled into Dexie's public `companies` cache on mount (a 404
 * removes the stored copy) and read back live, so a company seen before still shows offline. An
 * id that is not a UUID names no company: not found, without a request. Its owner or an Admin is
 * also shown a company that is not Active (from memory, see pullCompany).
 */
export function usePublicCompany(companyId: string) {
  const valid = isUuid(companyId);
  const stored = useCompany(valid ? companyId : null);
  const { status, value, retry } = usePulled(valid ? companyId : null, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullCompany }) => pullCompany(companyId)));
  const ssr = useSsrData();
  const rendered = ssr?.companies?.[companyId];
  const fromServer = useMemo(() => rendered && { ...rendered, fetchedAt: 0 }, [rendered]);
  // A server-rendered page starts where the server was: the company it found, or its not-found view.
  const missing = status === 'loading' && (ssr?.missingIds?.includes(companyId) ?? false);
  const state: OverviewState = valid && !missing ? toState(status, Boolean(value)) : 'notFound';
  // A company that is not Active (its owner's or an Admin's view) is not stored: it comes from the pull.
  return { company: stored ?? value ?? fromServer, state, retry };
}

/** GET /company/{id} as an Admin; null when there is no such company (404, or 400 for the id). */
async function fetchForReview(id: string): Promise<OwnedCompany | null> {
  try {
    return await approvalsApi.company(id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The company as an Admin reviewing it sees it (mode=review): the full record, any status. Held in
 * memory, never in the public cache: a company awaiting approval must not show to the next visitor
 * of this device.
 */
export function useReviewCompany(companyId: string) {
  const valid = isUuid(companyId);
  const { status, value, retry } = usePulled(valid ? `review:${companyId}` : null, () => fetchForReview(companyId));
  const state: OverviewState = valid ? toState(status, Boolean(value)) : 'notFound';
  return { company: value ?? undefined, state, retry };
}

/** A stored row any visitor may see: cards come from public answers; a detail says its status. */
const isPublicRow = (row: StoredListing) => !row.detail || (row.isActive && PUBLIC_LISTING_STATUSES.includes(row.status));

/**
 * The company's public listings: pulled on mount into Dexie and read back live (offline, the ones
 * stored before), in the server's order (newest first) once it answered, else by name.
 */
export function useCompanyListingCards(companyId: string) {
  const valid = isUuid(companyId);
  const rows = useCompanyListings(valid ? companyId : null);
  const { status, value: order, retry } = usePulled(valid ? companyId : null, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullPublicCompanyListings }) => pullPublicCompanyListings(companyId)));
  const listings = useMemo(() => {
    if (!rows) return undefined;
    const visible = rows.filter(isPublicRow);
    if (!order) return visible.sort((a, b) => a.name.localeCompare(b.name));
    const rank = new Map(order.map((id, i) => [id, i]));
    return visible.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.name.localeCompare(b.name));
  }, [rows, order]);
  return { listings, status: valid ? status : ('done' as PullStatus), retry };
}
