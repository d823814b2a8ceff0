import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';

/**
 * The Edit and Delete pair of an admin item (a region, a product, a category). Each button is named
 * with the item: a grid of bare "Edit" buttons reads the same for each to a screen reader.
 */
export function EditDeleteButtons({ name, onEdit, onDelete, disabled, className }: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
  /** Where the pair sits in its item (the wrapper is a wrapping flex row). */
  className: string;
}) {
  const { t } = useLingui();
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Button variant="secondary" onClick={onEdit} disabled={disabled} aria-label={t`Edit ${name}`} className="flex-1">
        <Trans>Edit</Trans>
      </Button>
      <Button variant="danger" onClick={onDelete} disabled={disabled} aria-label={t`Delete ${name}`} className="flex-1">
        <Trans>Delete</Trans>
      </Button>
    </div>
  );
}
