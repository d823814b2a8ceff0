import { useCompany } from '../../db/hooks';
import { pullWhenAllowed } from '../../sync/pulls-later';
import { usePulled, type PullStatus } from '../../ui/usePulled';
import { useSsrData } from '../../ui/ssr-data';

export type PullState = 'loading' | 'done' | 'notFound' | 'failed';

/** The listing page's view of a pull that resolves to the stored row, or null when there is none. */
export function toPullState(status: PullStatus, row: unknown): PullState {
  return status === 'loading' ? 'loading' : status === 'done' ? (row ? 'done' : 'notFound') : 'failed';
}

/**
 * The stored company (live from Dexie) and the state of its pull, started on mount. A company that
 * is not Active (answered only to its owner or an Admin) is not stored: it comes from the pull.
 */
export function useCompanyPull(companyId: string | null | undefined) {
  const stored = useCompany(companyId);
  const { status, value } = usePulled(companyId || null, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullCompany }) => pullCompany(companyId as string)), { reconnect: 'never' });
  const pull: PullState = !companyId ? 'notFound' : toPullState(status, value);
  // A server-rendered listing page carries its company: shown (and hydrated) until the device has it.
  const rendered = useSsrData()?.companies?.[companyId ?? ''];
  return { company: stored ?? value ?? rendered, pull };
}
