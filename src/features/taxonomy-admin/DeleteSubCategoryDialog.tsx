import { Trans, useLingui } from '@lingui/react/macro';
import type { SubCategory } from '../../domain/taxonomy';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

export interface DeleteSubCategoryDialogProps {
  subCategory: SubCategory;
  busy: boolean;
  /** Why the last try failed (e.g. listings still use the sub-category); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a sub-category goes, saying its services go with it (the server's cascade). */
export function DeleteSubCategoryDialog({ subCategory, ...rest }: DeleteSubCategoryDialogProps) {
  const { t } = useLingui();
  const { name } = subCategory;
  return (
    <ConfirmDeleteDialog {...rest} title={t`Delete Sub-category`} testId="subcategory-delete"
      description={(
        <>
          <Trans>Delete the sub-category {name}?</Trans>{' '}
          <Trans>Its services are deleted with it.</Trans>
        </>
      )} />
  );
}
