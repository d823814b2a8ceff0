import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { SNACKBAR_MS } from '../../domain/constants';
import type { Category } from '../../domain/taxonomy';
import { notify, type Severity } from '../../state/snackbar';
import { CategoryDialog, type CategorySaveResult } from './CategoryDialog';
import type { CategoryFormValues } from './categoryForm';
import { deleteCategory, saveCategory } from './categoryWrites';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { useTaxonomyFailure } from './messages';
import { refreshAfterFailure, type DeleteOptions } from './taxonomyWrites';

type CategoryAction = 'create' | 'update' | 'delete';

/** One snackbar per action and category: a newer outcome replaces the older one (spec 3 §9: 6 s). */
function toast(action: CategoryAction, categoryId: string, message: string, severity: Severity): void {
  notify(message, { key: `category:${action}:${categoryId}`, severity, durationMs: SNACKBAR_MS });
}

export interface CategoryActions {
  /** Opens the dialog: a category to edit, or null to add one. */
  edit: (category: Category | null) => void;
  /** Opens the delete confirmation. */
  remove: (category: Category) => void;
  /** The open dialog, if any: render it once on the page. */
  dialogs: ReactNode;
}

/**
 * Add, edit and delete of a category with their dialogs and messages, shared by the list page and
 * a category's own page. `onDeleted` runs after a delete (the list focuses its heading, a
 * category's page goes back to the list, see `options.leaves`).
 */
export function useCategoryActions(onDeleted: (category: Category) => void, options: DeleteOptions = {}): CategoryActions {
  const { t } = useLingui();
  const failureText = useTaxonomyFailure();
  // `opening` remounts the dialog per opening for a fresh form.
  const [editing, setEditing] = useState<{ category: Category | null; opening: number } | null>(null);
  const [deleting, setDeleting] = useState<{ category: Category; failure: string | null } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const edit = (category: Category | null) => setEditing((e) => ({ category, opening: (e?.opening ?? 0) + 1 }));

  const save = async (values: CategoryFormValues): Promise<CategorySaveResult> => {
    const existing = editing?.category ?? null;
    try {
      const saved = await saveCategory(existing, values);
      setEditing(null);
      const { name } = saved;
      toast(existing ? 'update' : 'create', saved.id, existing ? t`Category ${name} saved` : t`Category ${name} created`, 'success');
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 412)) refreshAfterFailure();
      const reason = failureText(error);
      const failed = existing ? t`Failed to update category` : t`Failed to create category`;
      const field = error instanceof ApiError ? error.errors[0]?.field : undefined;
      return { ok: false, message: reason ? `${failed}: ${reason}` : failed, field };
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { category } = deleting;
    const { name } = category;
    setDeleteBusy(true);
    try {
      const { stored } = await deleteCategory(category);
      // A list waits for the stored taxonomy, so the item is gone when the heading takes the focus;
      // a page of its own leaves at once, before it could say '… not found' for a moment.
      if (!options.leaves) await stored;
      setDeleting(null);
      toast('delete', category.id, t`Category ${name} deleted`, 'success');
      onDeleted(category);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Gone already (another Admin): nothing left to delete.
        refreshAfterFailure();
        setDeleting(null);
        onDeleted(category);
        return;
      }
      const reason = failureText(error);
      const failed = t`Failed to delete category`;
      setDeleting({ category, failure: reason ? `${failed}: ${reason}` : failed });
    } finally {
      setDeleteBusy(false);
    }
  };

  const dialogs = (
    <>
      {editing && (
        <CategoryDialog key={editing.opening} category={editing.category} onClose={() => setEditing(null)} onSave={save} />
      )}
      {deleting && (
        <DeleteCategoryDialog category={deleting.category} failure={deleting.failure} busy={deleteBusy}
          onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </>
  );

  return { edit, remove: (category) => setDeleting({ category, failure: null }), dialogs };
}
