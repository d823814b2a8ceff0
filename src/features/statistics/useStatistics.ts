import { ApiError } from '../../api/http';
import { statisticsApi, type StatisticsRange } from '../../api/statistics';
import { saveView, useSavedView, type SavedView } from '../../db/saved-views';
import type { CompanyStatistics, CompanyUniqueViews, ListingStatistics } from '../../domain/statistics';
import { usePulled } from '../../ui/usePulled';

/** The dashboard's counts for one company, listing choice and range: kept whole for offline. */
export interface StatisticsSnapshot {
  company: CompanyStatistics;
  /** The selected listing's counts in the range; null with all listings or a listing the company does not have. */
  listing: ListingStatistics | null;
}

/** The unique visitors of the company's listings, with the range asked for (the answer does not say it). */
export interface UniqueVisitors extends StatisticsRange {
  answer: CompanyUniqueViews;
}

export async function fetchSnapshot(companyId: string, listingId: string | null, range: StatisticsRange): Promise<StatisticsSnapshot> {
  const company = await statisticsApi.company(companyId, range);
  // A listing the company does not have (deleted, someone else's) is not asked for: it would be a 404 or 403.
  const selected = listingId && company.listingStatistics.some((l) => l.listingId === listingId) ? listingId : null;
  const listing = selected ? await statisticsApi.listingRange(selected, range) : null;
  return { company, listing };
}

export async function fetchUniqueVisitors(companyId: string, range: StatisticsRange): Promise<UniqueVisitors> {
  return { ...range, answer: await statisticsApi.companyUniqueViews(companyId, range) };
}

export type StatisticsFailure = 'login' | 'forbidden' | 'notFound' | 'offline' | 'error';

export interface SavedPullState<T> {
  /** What to show: fresh, or the answer last seen when the server could not be reached. */
  value: T | undefined;
  /** When the answer shown was fetched, when it is the saved one (offline). */
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
 * One read of the dashboard: pulled for `key` (nothing while it is null), kept on the device under
 * `savedKey` after each answer, and read back from there when the server cannot be reached. A
 * reconnect fetches again quietly: the saved answer stays until the fresh one is in.
 */
function useSavedPull<T>(userId: string | null, key: string | null, fetch: () => Promise<T>, savedKey: string): SavedPullState<T> {
  const pulled = usePulled(key, async () => {
    const value = await fetch();
    // Failing to keep a copy must not hide the answer just fetched.
    await saveView(userId!, savedKey, value).catch(() => {});
    return value;
  }, { quietReconnect: true });
  const failure = failureOf(pulled.status, pulled.error);
  const saved: SavedView<T> | null | undefined = useSavedView<T>(userId, failure === 'offline' ? savedKey : null);
  if (pulled.value) return { value: pulled.value, savedAt: null, loading: false, failure: null, retry: pulled.retry };
  if (failure === 'offline') {
    // Until the saved copy is read (undefined) the screen keeps loading rather than flash a failure.
    if (saved === undefined) return { value: undefined, savedAt: null, loading: true, failure: null, retry: pulled.retry };
    if (saved) return { value: saved.value, savedAt: saved.savedAt, loading: false, failure, retry: pulled.retry };
  }
  return { value: undefined, savedAt: null, loading: key !== null && pulled.status === 'loading', failure, retry: pulled.retry };
}

/**
 * The dashboard's counts for the signed-in user: the company's totals and series, and the selected
 * listing's totals, for the range (nothing while `range` is null, i.e. an invalid custom range).
 */
export function useStatistics(userId: string | null, companyId: string, listingId: string | null, range: StatisticsRange | null, savedKey: string): SavedPullState<StatisticsSnapshot> {
  const key = userId && range ? `${userId}|${companyId}|${listingId ?? ''}|${range.startDate}|${range.endDate}` : null;
  return useSavedPull(userId, key, () => fetchSnapshot(companyId, listingId, range!), savedKey);
}

/**
 * The unique visitors of every listing of the company for the range, one call apart from the
 * counts so a slow or failing answer holds up nothing else (nothing while `range` is null). One
 * answer serves every listing choice.
 */
export function useUniqueVisitors(userId: string | null, companyId: string, range: StatisticsRange | null, savedKey: string): SavedPullState<UniqueVisitors> {
  const key = userId && range ? `${userId}|${companyId}|${range.startDate}|${range.endDate}` : null;
  return useSavedPull(userId, key, () => fetchUniqueVisitors(companyId, range!), savedKey);
}
