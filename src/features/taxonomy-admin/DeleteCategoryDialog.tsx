import { Trans, useLingui } from '@lingui/react/macro';
import type { Category } from '../../domain/taxonomy';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

export interface DeleteCategoryDialogProps {
  category: Category;
  busy: boolean;
  /** Why the last try failed (e.g. listings still use the category); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a category goes, saying its sub-categories and services go with it (the server's cascade). */
export function DeleteCategoryDialog({ category, ...rest }: DeleteCategoryDialogProps) {
  const { t } = useLingui();
  const { name } = category;
  return (
    <ConfirmDeleteDialog {...rest} title={t`Delete Category`} testId="category-delete"
      description={(
        <>
          <Trans>Delete the category {name}?</Trans>{' '}
          <Trans>Its sub-categories and services are deleted with it.</Trans>
        </>
      )} />
  );
}
