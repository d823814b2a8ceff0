import { ApiError } from '../../api/http';
import { statisticsApi, type StatisticsRange } from '../../api/statistics';
import { saveView, useSavedView, type SavedView } from '../../db/saved-views';
import type { CompanyStatistics, ListingStatistics, UniqueViews } from '../../domain/statistics';
import { usePulled } from '../../ui/usePulled';

/** Everything the dashboard shows for one company, listing choice and range: kept whole for offline. */
export interface StatisticsSnapshot {
  company: CompanyStatistics;
  /** The selected listing's counts in the range; null with all listings or a listing the company does not have. */
  listing: ListingStatistics | null;
  /** Unique views, users and devices of each listing shown, in the company answer's order. */
  unique: UniqueViews[];
}

/** Unique views are one call per listing: a few at a time, so a company with many listings does not flood the server. */
const UNIQUE_VIEWS_CONCURRENCY = 4;

async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...await Promise.all(items.slice(i, i + size).map(fn)));
  return results;
}

export async function fetchSnapshot(companyId: string, listingId: string | null, range: StatisticsRange): Promise<StatisticsSnapshot> {
  const company = await statisticsApi.company(companyId, range);
  const shown = company.listingStatistics.filter((l) => !listingId || l.listingId === listingId).map((l) => l.listingId);
  // A listing the company does not have (deleted, someone else's) is not asked for: it would be a 404 or 403.
  const selected = listingId && shown.length > 0 ? listingId : null;
  const [listing, unique] = await Promise.all([
    selected ? statisticsApi.listingRange(selected, range) : Promise.resolve(null),
    inBatches(shown, UNIQUE_VIEWS_CONCURRENCY, (id) => statisticsApi.uniqueViews(id, range)),
  ]);
  return { company, listing, unique };
}

export type StatisticsFailure = 'login' | 'forbidden' | 'notFound' | 'offline' | 'error';

export interface StatisticsState {
  /** The figures to show: fresh, or the ones last seen when the server could not be reached. */
  snapshot: StatisticsSnapshot | undefined;
  /** When the figures shown were fetched, when they are the saved ones (offline). */
  savedAt: number | null;
  loading: boolean;
  failure: StatisticsFailure | null;
  retry: () => void;
}

function failureOf(status: string, error: unknown): StatisticsFailure | null {
  if (status === 'offline') return 'offline';
  if (status !== 'error') return null;
  if (error instanceof ApiError) {
    if (error.status === 401) return 'login';
    if (error.status === 403) return 'forbidden';
    // 400 is the server's answer for an id that is not one: no such company either.
    if (error.status === 404 || error.status === 400) return 'notFound';
  }
  return 'error';
}

/**
 * The dashboard's figures for the signed-in user: fetched for the range (nothing while `range` is
 * null, i.e. an invalid custom range), kept on the device under `savedKey` after each answer, and
 * read back from there when the server cannot be reached. A reconnect fetches again quietly: the
 * saved figures stay until the fresh ones are in.
 */
export function useStatistics(userId: string | null, companyId: string, listingId: string | null, range: StatisticsRange | null, savedKey: string): StatisticsState {
  const key = userId && range ? `${userId}|${companyId}|${listingId ?? ''}|${range.startDate}|${range.endDate}` : null;
  const pulled = usePulled(key, async () => {
    const snapshot = await fetchSnapshot(companyId, listingId, range!);
    // Failing to keep a copy must not hide the figures just fetched.
    await saveView(userId!, savedKey, snapshot).catch(() => {});
    return snapshot;
  }, { quietReconnect: true });
  const failure = failureOf(pulled.status, pulled.error);
  const saved: SavedView<StatisticsSnapshot> | null | undefined = useSavedView<StatisticsSnapshot>(userId, failure === 'offline' ? savedKey : null);
  if (pulled.value) return { snapshot: pulled.value, savedAt: null, loading: false, failure: null, retry: pulled.retry };
  if (failure === 'offline') {
    // Until the saved copy is read (undefined) the screen keeps loading rather than flash a failure.
    if (saved === undefined) return { snapshot: undefined, savedAt: null, loading: true, failure: null, retry: pulled.retry };
    if (saved) return { snapshot: saved.value, savedAt: saved.savedAt, loading: false, failure, retry: pulled.retry };
  }
  return { snapshot: undefined, savedAt: null, loading: key !== null && pulled.status === 'loading', failure, retry: pulled.retry };
}
