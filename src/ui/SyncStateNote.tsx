import { useLingui } from '@lingui/react/macro';
import type { EntitySyncState } from '../sync/hooks';

/**
 * Where a row's queued change stands (useRowSyncState / useEntitySync): waiting to be sent, not
 * saved on the server (refused), or a conflict with a newer version; nothing when in step.
 */
export function SyncStateNote({ state }: { state: EntitySyncState }) {
  const { t } = useLingui();
  if (state === 'synced') return null;
  const label = state === 'pending' ? t`Waiting to sync` : state === 'conflict' ? t`Conflict: changed elsewhere` : t`Not saved on the server`;
  return (
    <span data-testid="sync-state" data-state={state} role="status"
      className={`inline-flex items-center gap-1.5 text-xs font-medium ${state === 'pending' ? 'text-accent' : 'text-danger'}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${state === 'pending' ? 'bg-accent' : 'bg-danger'}`} />
      {label}
    </span>
  );
}
