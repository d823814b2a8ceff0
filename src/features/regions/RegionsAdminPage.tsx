import { useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { useRegions } from '../../db/hooks';
import { SNACKBAR_MS } from '../../domain/constants';
import type { Region } from '../../domain/locations';
import { notify, type Severity } from '../../state/snackbar';
import { pullRegions } from '../../sync/pull';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { DeleteRegionDialog } from './DeleteRegionDialog';
import { RegionCard } from './RegionCard';
import { RegionDialog, type RegionSaveResult } from './RegionDialog';
import type { RegionFormValues } from './regionForm';
import { deleteRegion, refreshAfterFailure, saveRegion } from './regionWrites';
import { useRegionFailure } from './messages';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';

const SKELETONS = 6;
const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

type RegionAction = 'create' | 'update' | 'delete';

/** One snackbar per action and region: a newer outcome replaces the older one (spec 3 §9: 6 s). */
function toast(action: RegionAction, regionId: string, message: string, severity: Severity): void {
  notify(message, { key: `region:${action}:${regionId}`, severity, durationMs: SNACKBAR_MS });
}

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <div className="flex gap-2"><Skeleton className="h-7 w-20" /><Skeleton className="h-7 w-16" /><Skeleton className="h-7 w-24" /></div>
      <div className="flex gap-2"><Skeleton className="h-10 flex-1" /><Skeleton className="h-10 flex-1" /></div>
    </div>
  );
}

/**
 * /admin/regions (spec 3 §2): the regions as cards with Create Region, the create and edit dialog
 * and the delete confirmation. The cards read the shared catalogue in Dexie (pulled on opening);
 * every write pulls it again, so the browse filters and the listing editor see the change.
 */
export default function RegionsAdminPage() {
  const { t } = useLingui();
  const regions = useRegions();
  const { status, retry } = usePulled('regions', pullRegions);
  const online = useOnline();
  const failureText = useRegionFailure();
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog open: a region to edit, or null to create one. `opening` remounts it for a fresh form.
  const [editing, setEditing] = useState<{ region: Region | null; opening: number } | null>(null);
  const [deleting, setDeleting] = useState<Region | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const open = (region: Region | null) => setEditing((e) => ({ region, opening: (e?.opening ?? 0) + 1 }));

  const save = async (values: RegionFormValues): Promise<RegionSaveResult> => {
    const existing = editing?.region ?? null;
    const action: RegionAction = existing ? 'update' : 'create';
    const key = existing?.id ?? 'new';
    try {
      await saveRegion(existing, values);
      setEditing(null);
      toast(action, key, existing ? t`Region updated` : t`Region created`, 'success');
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 412)) refreshAfterFailure();
      const reason = failureText(error);
      const failed = existing ? t`Failed to update region` : t`Failed to create region`;
      toast(action, key, reason ? `${failed}: ${reason}` : failed, 'error');
      const field = error instanceof ApiError ? error.errors[0]?.field : undefined;
      return { ok: false, message: reason ?? failed, field };
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const region = deleting;
    setDeleteBusy(true);
    try {
      await deleteRegion(region);
      toast('delete', region.id, t`Region deleted`, 'success');
      // Its card and buttons are gone: start again at the heading, not at the page's top.
      setTimeout(() => heading.current?.focus(), 0);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) refreshAfterFailure();
      const reason = failureText(error);
      const failed = t`Failed to delete region`;
      toast('delete', region.id, reason ? `${failed}: ${reason}` : failed, 'error');
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const count = regions?.length ?? 0;
  const loading = regions === undefined || (count === 0 && status === 'loading');
  const failed = status === 'offline' || status === 'error';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Regions</Trans></h1>
        <Button onClick={() => open(null)} disabled={!online} data-testid="region-create">
          <Trans>Create Region</Trans>
        </Button>
      </div>
      <p className="mt-2 text-muted">
        <Trans>Regions (fylker and län) and their counties, as the browse filters and the listing editor offer them.</Trans>
      </p>
      {!online && (
        <div className="mt-4"><Alert><Trans>You are offline. Regions can be changed when you are back online.</Trans></Alert></div>
      )}

      <div className="mt-6" aria-busy={loading || undefined}>
        {loading ? (
          <>
            <p role="status" className="sr-only"><Trans>Loading regions…</Trans></p>
            <ul className={grid}>
              {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><CardSkeleton /></li>)}
            </ul>
          </>
        ) : count === 0 && failed ? (
          <div className="flex flex-col items-start gap-3" data-testid="regions-error">
            <Alert tone="error">
              {status === 'offline'
                ? <Trans>The regions could not be loaded: the server cannot be reached.</Trans>
                : <Trans>Failed to fetch regions</Trans>}
            </Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </div>
        ) : count === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="regions-empty">
            <p role="status" className="text-lg font-semibold"><Trans>No regions yet</Trans></p>
            <p className="text-muted"><Trans>Create the first region with its counties.</Trans></p>
            <Button onClick={() => open(null)} disabled={!online}><Trans>Create Region</Trans></Button>
          </div>
        ) : (
          <>
            {failed && (
              <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="regions-stale">
                <Alert><Trans>Showing the regions stored on this device: they could not be refreshed.</Trans></Alert>
                <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
              </div>
            )}
            <p role="status" className="mb-3 text-sm text-muted" data-testid="regions-count">
              <Plural value={count} one="# region" other="# regions" />
            </p>
            <ul className={grid} data-testid="regions-list">
              {regions!.map((region) => (
                <li key={region.id} className="flex">
                  <RegionCard region={region} disabled={!online} onEdit={() => open(region)} onDelete={() => setDeleting(region)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      {editing && (
        <RegionDialog key={editing.opening} region={editing.region} onClose={() => setEditing(null)} onSave={save} />
      )}
      {deleting && (
        <DeleteRegionDialog region={deleting} busy={deleteBusy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </div>
  );
}
