import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { SNACKBAR_MS } from '../../domain/constants';
import type { SubCategory } from '../../domain/taxonomy';
import { notify, type Severity } from '../../state/snackbar';
import type { CategorySaveResult } from './CategoryDialog';
import { DeleteSubCategoryDialog } from './DeleteSubCategoryDialog';
import { useTaxonomyFailure } from './messages';
import { SubCategoryDialog } from './SubCategoryDialog';
import type { SubCategoryFormValues } from './subCategoryForm';
import { deleteSubCategory, saveSubCategory } from './subCategoryWrites';
import { refreshAfterFailure, type DeleteOptions } from './taxonomyWrites';

type SubCategoryAction = 'create' | 'update' | 'delete';

/** One snackbar per action and sub-category: a newer outcome replaces the older one (spec 3 §9: 6 s). */
function toast(action: SubCategoryAction, id: string, message: string, severity: Severity): void {
  notify(message, { key: `subcategory:${action}:${id}`, severity, durationMs: SNACKBAR_MS });
}

export interface SubCategoryActions {
  /** Opens the dialog: a sub-category to edit, or null to add one (under `categoryId` when given). */
  edit: (subCategory: SubCategory | null, categoryId?: string) => void;
  /** Opens the delete confirmation. */
  remove: (subCategory: SubCategory) => void;
  /** The open dialog, if any: render it once on the page. */
  dialogs: ReactNode;
}

/**
 * Add, edit and delete of a sub-category with their dialogs and messages, shared by the list page
 * and a sub-category's own page (useCategoryActions' twin). `onDeleted` runs after a delete (see `options.leaves`).
 */
export function useSubCategoryActions(onDeleted: (subCategory: SubCategory) => void, options: DeleteOptions = {}): SubCategoryActions {
  const { t } = useLingui();
  const failureText = useTaxonomyFailure();
  // `opening` remounts the dialog per opening for a fresh form.
  const [editing, setEditing] = useState<{ subCategory: SubCategory | null; categoryId?: string; opening: number } | null>(null);
  const [deleting, setDeleting] = useState<{ subCategory: SubCategory; failure: string | null } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const edit = (subCategory: SubCategory | null, categoryId?: string) =>
    setEditing((e) => ({ subCategory, categoryId, opening: (e?.opening ?? 0) + 1 }));

  const save = async (values: SubCategoryFormValues): Promise<CategorySaveResult> => {
    const existing = editing?.subCategory ?? null;
    try {
      const saved = await saveSubCategory(existing, values);
      setEditing(null);
      const { name } = saved;
      toast(existing ? 'update' : 'create', saved.id,
        existing ? t`Sub-category ${name} saved` : t`Sub-category ${name} created`, 'success');
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 412)) refreshAfterFailure();
      const reason = failureText(error);
      const failed = existing ? t`Failed to update sub-category` : t`Failed to create sub-category`;
      // A 409 on a move: listings still use the sub-category under its category, so it is the parent's answer.
      const moved = existing !== null && values.categoryId !== existing.categoryId;
      const field = error instanceof ApiError ? error.errors[0]?.field ?? (moved && error.status === 409 ? 'categoryId' : undefined) : undefined;
      return { ok: false, message: reason ? `${failed}: ${reason}` : failed, field };
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { subCategory } = deleting;
    const { name } = subCategory;
    setDeleteBusy(true);
    try {
      const { stored } = await deleteSubCategory(subCategory);
      // A list waits for the stored taxonomy, so the item is gone when the heading takes the focus;
      // a page of its own leaves at once, before it could say '… not found' for a moment.
      if (!options.leaves) await stored;
      setDeleting(null);
      toast('delete', subCategory.id, t`Sub-category ${name} deleted`, 'success');
      onDeleted(subCategory);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Gone already (another Admin, or its category was deleted): nothing left to delete.
        refreshAfterFailure();
        setDeleting(null);
        onDeleted(subCategory);
        return;
      }
      const reason = failureText(error);
      const failed = t`Failed to delete sub-category`;
      setDeleting({ subCategory, failure: reason ? `${failed}: ${reason}` : failed });
    } finally {
      setDeleteBusy(false);
    }
  };

  const dialogs = (
    <>
      {editing && (
        <SubCategoryDialog key={editing.opening} subCategory={editing.subCategory} defaultCategoryId={editing.categoryId}
          onClose={() => setEditing(null)} onSave={save} />
      )}
      {deleting && (
        <DeleteSubCategoryDialog subCategory={deleting.subCategory} failure={deleting.failure} busy={deleteBusy}
          onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </>
  );

  return { edit, remove: (subCategory) => setDeleting({ subCategory, failure: null }), dialogs };
}
