import { Trans, useLingui } from '@lingui/react/macro';
import type { Category } from '../../domain/taxonomy';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface DeleteCategoryDialogProps {
  category: Category;
  busy: boolean;
  /** Why the last try failed (e.g. listings still use the category); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a category goes, saying its sub-categories and services go with it (the server's
 * cascade). Headless UI traps the focus and starts on Cancel, the safe choice.
 */
export function DeleteCategoryDialog({ category, busy, failure, onCancel, onConfirm }: DeleteCategoryDialogProps) {
  const { t } = useLingui();
  const { name } = category;
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open onClose={close} size="sm" title={t`Delete Category`}
      description={(
        <>
          <Trans>Delete the category {name}?</Trans>{' '}
          <Trans>Its sub-categories and services are deleted with it.</Trans>
        </>
      )}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid="category-delete-cancel"><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="category-delete-confirm"><Trans>Delete</Trans></Button>
        </>
      )}>
      {failure && <div data-testid="category-delete-failure"><Alert tone="error">{failure}</Alert></div>}
    </Dialog>
  );
}
