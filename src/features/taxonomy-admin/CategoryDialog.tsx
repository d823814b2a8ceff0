import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  TAXONOMY_DESCRIPTION_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, type Category,
} from '../../domain/taxonomy';
import { Alert } from '../../ui/Alert';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../../ui/TextAreaField';
import {
  canSaveCategory, categoryFieldError, categoryFormOf, emptyCategoryForm, type CategoryField, type CategoryFormValues,
} from './categoryForm';
import { useTaxonomyMessage } from './messages';
import { TaxonomyImageField } from './TaxonomyImageField';

/** How a save ended: the dialog closes on success and shows the failure (and its field) otherwise. */
export type CategorySaveResult = { ok: true } | { ok: false; message: string; field?: string };

export interface CategoryDialogProps {
  /** The category edited; null adds one. */
  category: Category | null;
  onClose: () => void;
  onSave: (values: CategoryFormValues) => Promise<CategorySaveResult>;
}

const NO_TOUCH: Record<CategoryField, boolean> = { name: false, shortDescription: false, description: false };

/**
 * Add or edit a category (spec 3 §5): name (required, ≤ 100), short description (required,
 * ≤ 200), description (required) and a square image cropped in the shared cropper and uploaded as
 * WebP. A field's rule shows once it was left or Save was pressed; Save stays off while a rule is
 * broken. A failed save keeps the dialog open with the server's reason (spec §8 swallows it;
 * docs/decisions.md). Mounted per opening, so each opening starts from the category as stored.
 */
export function CategoryDialog({ category, onClose, onSave }: CategoryDialogProps) {
  const { t } = useLingui();
  const ruleMessage = useTaxonomyMessage();
  const [values, setValues] = useState<CategoryFormValues>(() => (category ? categoryFormOf(category) : emptyCategoryForm()));
  const [touched, setTouched] = useState(NO_TOUCH);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);

  const change = (next: Partial<CategoryFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setFailure(null);
  };
  const touch = (field: CategoryField) => setTouched((s) => ({ ...s, [field]: true }));
  const errorOf = (field: CategoryField): string | null => {
    const rule = categoryFieldError(values, field);
    if (touched[field] && rule) return ruleMessage(rule);
    return failure?.field === field ? failure.message : null;
  };
  const canSave = canSaveCategory(values);

  const submit = async () => {
    setTouched({ name: true, shortDescription: true, description: true });
    if (!canSave || busy) return;
    setBusy(true);
    const result = await onSave(values);
    setBusy(false);
    if (!result.ok) setFailure({ message: result.message, field: result.field });
  };

  const close = () => {
    if (!busy) onClose();
  };
  const fieldFailure = failure?.field === 'name' || failure?.field === 'shortDescription' || failure?.field === 'description';

  return (
    <FormDialog onClose={close} title={category ? t`Edit Category` : t`Add Category`} size="lg"
      busy={busy} canSubmit={canSave} onSubmit={() => void submit()} submitTestId="category-save">
      <TextField label={t`Name`} required value={values.name} maxLength={TAXONOMY_NAME_MAX} autoComplete="off"
        data-autofocus data-testid="category-name" error={errorOf('name')}
        onChange={(e) => change({ name: e.target.value })} onBlur={() => touch('name')} />
      <TextAreaField label={t`Short Description`} required rows={2} value={values.shortDescription}
        maxLength={TAXONOMY_SHORT_DESCRIPTION_MAX} data-testid="category-short-description" error={errorOf('shortDescription')}
        hint={t`At most ${TAXONOMY_SHORT_DESCRIPTION_MAX} characters, shown on the category's card.`}
        onChange={(e) => change({ shortDescription: e.target.value })} onBlur={() => touch('shortDescription')} />
      <TextAreaField label={t`Description`} required rows={5} value={values.description}
        maxLength={TAXONOMY_DESCRIPTION_MAX} data-testid="category-description" error={errorOf('description')}
        onChange={(e) => change({ description: e.target.value })} onBlur={() => touch('description')} />
      <TaxonomyImageField label={t`Category image`} value={values.imageUri} fileName="category"
        onChange={(imageUri) => change({ imageUri })} disabled={busy}
        error={failure?.field === 'imageUri' ? failure.message : undefined} data-testid="category-image" />
      {failure && !fieldFailure && failure.field !== 'imageUri' && <Alert tone="error">{failure.message}</Alert>}
    </FormDialog>
  );
}
