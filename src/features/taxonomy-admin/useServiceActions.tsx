import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/http';
import { SNACKBAR_MS } from '../../domain/constants';
import { notify, type Severity } from '../../state/snackbar';
import { refreshAfterFailure } from './taxonomyWrites';
import { DeleteServiceDialog } from './DeleteServiceDialog';
import { useTaxonomyFailure } from './messages';
import { ServiceDialog, type ServiceSaveResult } from './ServiceDialog';
import type { ServiceFormValues } from './serviceForm';
import type { AdminService, ServiceKind } from './serviceKind';
import type { ParentGroup } from './serviceParents';
import { useServiceTexts } from './serviceTexts';
import { deleteService, saveService } from './serviceWrites';

type ServiceAction = 'create' | 'update' | 'delete';

/** One snackbar per action and service: a newer outcome replaces the older one (spec 3 §9: 6 s). */
function toast(action: ServiceAction, service: AdminService, message: string, severity: Severity): void {
  notify(message, { key: `${service.kind}Service:${action}:${service.id}`, severity, durationMs: SNACKBAR_MS });
}

export interface ServiceActions {
  /** Opens the dialog: a service to edit, or null to add one (under `parentId` when given). */
  edit: (service: AdminService | null, parentId?: string) => void;
  /** Opens the delete confirmation. */
  remove: (service: AdminService) => void;
  /** The open dialog, if any: render it once on the page. */
  dialogs: ReactNode;
}

/**
 * Add, edit and delete of a service of `kind` with their dialogs and messages. `onDeleted` runs
 * after a delete (the page focuses its heading: the item and its buttons are gone).
 */
export function useServiceActions(kind: ServiceKind, parents: readonly ParentGroup[] | undefined, onDeleted: () => void): ServiceActions {
  const texts = useServiceTexts(kind);
  const failureText = useTaxonomyFailure();
  // `opening` remounts the dialog per opening for a fresh form.
  const [editing, setEditing] = useState<{ service: AdminService | null; parentId: string; opening: number } | null>(null);
  const [deleting, setDeleting] = useState<{ service: AdminService; failure: string | null } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const edit = (service: AdminService | null, parentId = '') =>
    setEditing((e) => ({ service, parentId, opening: (e?.opening ?? 0) + 1 }));
  const withReason = (failed: string, error: unknown) => {
    const reason = failureText(error);
    return reason ? `${failed}: ${reason}` : failed;
  };

  const save = async (values: ServiceFormValues): Promise<ServiceSaveResult> => {
    const existing = editing?.service ?? null;
    try {
      const saved = await saveService(kind, existing, values);
      setEditing(null);
      toast(existing ? 'update' : 'create', saved, existing ? texts.saved(saved.name) : texts.created(saved.name), 'success');
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 412)) refreshAfterFailure();
      // A 409 on a move: listings still offer the service under its parent, so it is the parent's answer.
      const moved = existing !== null && values.parentId !== existing.parentId;
      const field = error instanceof ApiError ? error.errors[0]?.field ?? (moved && error.status === 409 ? 'parentId' : undefined) : undefined;
      return { ok: false, message: withReason(existing ? texts.updateFailed : texts.createFailed, error), field };
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { service } = deleting;
    setDeleteBusy(true);
    try {
      await deleteService(service);
      setDeleting(null);
      toast('delete', service, texts.deleted(service.name), 'success');
      onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Gone already (another Admin): nothing left to delete.
        refreshAfterFailure();
        setDeleting(null);
        onDeleted();
        return;
      }
      setDeleting({ service, failure: withReason(texts.deleteFailed, error) });
    } finally {
      setDeleteBusy(false);
    }
  };

  const dialogs = (
    <>
      {editing && (
        <ServiceDialog key={editing.opening} kind={kind} service={editing.service} initialParentId={editing.parentId}
          parents={parents} onClose={() => setEditing(null)} onSave={save} />
      )}
      {deleting && (
        <DeleteServiceDialog service={deleting.service} failure={deleting.failure} busy={deleteBusy}
          onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </>
  );

  return { edit, remove: (service) => setDeleting({ service, failure: null }), dialogs };
}
