import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCategories } from '../../db/hooks';
import {
  TAXONOMY_DESCRIPTION_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages, type SubCategory,
} from '../../domain/taxonomy';
import { Alert } from '../../ui/Alert';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import type { CategorySaveResult } from './CategoryDialog';
import { useTaxonomyMessage } from './messages';
import {
  canSaveSubCategory, emptySubCategoryForm, subCategoryFieldError, subCategoryFormOf, SUB_CATEGORY_FIELDS,
  type SubCategoryField, type SubCategoryFormValues,
} from './subCategoryForm';
import { TaxonomyImageField } from './TaxonomyImageField';

export interface SubCategoryDialogProps {
  /** The sub-category edited; null adds one. */
  subCategory: SubCategory | null;
  /** The parent a new sub-category starts under (the page's category filter), if any. */
  defaultCategoryId?: string;
  onClose: () => void;
  onSave: (values: SubCategoryFormValues) => Promise<CategorySaveResult>;
}

const NO_TOUCH: Record<SubCategoryField, boolean> = { categoryId: false, name: false, shortDescription: false, description: false };
const ALL_TOUCHED: Record<SubCategoryField, boolean> = { categoryId: true, name: true, shortDescription: true, description: true };

/**
 * Add or edit a sub-category (spec 3 §5): the parent category comes first, and until it is chosen
 * the other fields are disabled and the form says 'Please select a category first'. Name is
 * required (≤ 100); the descriptions are optional within the server's limits; the image is cropped
 * square like a category's. A failed save keeps the dialog open with the server's reason, as the
 * category dialog does. Mounted per opening.
 */
export function SubCategoryDialog({ subCategory, defaultCategoryId, onClose, onSave }: SubCategoryDialogProps) {
  const { t } = useLingui();
  const ruleMessage = useTaxonomyMessage();
  const parentNoteId = useId();
  const parentFailureId = useId();
  const categories = useCategories();
  const [values, setValues] = useState<SubCategoryFormValues>(
    () => (subCategory ? subCategoryFormOf(subCategory) : emptySubCategoryForm(defaultCategoryId)),
  );
  const [touched, setTouched] = useState(NO_TOUCH);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);

  const change = (next: Partial<SubCategoryFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setFailure(null);
  };
  const touch = (field: SubCategoryField) => setTouched((s) => ({ ...s, [field]: true }));
  const errorOf = (field: SubCategoryField): string | null => {
    const rule = subCategoryFieldError(values, field);
    // The parent's rule is the note under the select (red once it was left or Save was tried), not also its error.
    if (touched[field] && rule && field !== 'categoryId') return ruleMessage(rule);
    // The server's word on the parent is an alert under the select (parentFailure).
    return failure?.field === field && field !== 'categoryId' ? failure.message : null;
  };
  // Why the server refused the parent (it does not exist, or listings keep the sub-category where it is).
  const parentFailure = failure?.field === 'categoryId' ? failure.message : null;
  const parentChosen = values.categoryId !== '';
  // Until the parent is chosen (spec 3 §5). Each field gets it too, not only the fieldset, so each
  // one says so itself (its `disabled`, not only the fieldset's :disabled). Not while saving: the
  // field that had the focus (Enter submits) would lose it, as the category dialog avoids too.
  const locked = !parentChosen;
  const canSave = canSaveSubCategory(values);

  const submit = async () => {
    setTouched(ALL_TOUCHED);
    if (!canSave || busy) return;
    setBusy(true);
    const result = await onSave(values);
    setBusy(false);
    if (!result.ok) setFailure({ message: result.message, field: result.field });
  };

  const close = () => {
    if (!busy) onClose();
  };
  const fieldFailure = SUB_CATEGORY_FIELDS.some((field) => failure?.field === field) || failure?.field === 'imageUri';
  // A parent that is no longer stored (deleted meanwhile) still shows, so the select does not lie.
  const missingParent = parentChosen && categories !== undefined && !categories.some((c) => c.id === values.categoryId);

  return (
    <FormDialog onClose={close} title={subCategory ? t`Edit Sub-category` : t`Add Sub-category`} size="lg"
      busy={busy} canSubmit={canSave} onSubmit={() => void submit()} submitTestId="subcategory-save">
      <div>
        <SelectField label={t`Category`} required value={values.categoryId}
          data-autofocus={subCategory ? undefined : true} data-testid="subcategory-category"
          {...(parentChosen ? {} : { 'aria-describedby': parentNoteId })} error={errorOf('categoryId')}
          {...(parentFailure ? { 'aria-invalid': true, 'aria-describedby': parentFailureId } : {})}
          onChange={(e) => change({ categoryId: e.target.value })} onBlur={() => touch('categoryId')}>
          <option value="" disabled>{t`Choose a category`}</option>
          {missingParent && <option value={values.categoryId}>{t`(deleted category)`}</option>}
          {(categories ?? []).map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
        </SelectField>
        {!parentChosen && (
          <p id={parentNoteId} data-testid="subcategory-parent-first"
            className={`mt-1 text-sm ${touched.categoryId ? 'text-danger' : 'text-muted'}`}>
            {ruleMessage(TaxonomyMessages.SelectCategoryFirst)}
          </p>
        )}
        {parentFailure && <div id={parentFailureId} className="mt-2" data-testid="subcategory-parent-failure"><Alert tone="error">{parentFailure}</Alert></div>}
      </div>
      <fieldset disabled={locked} className="flex min-w-0 flex-col gap-4" data-testid="subcategory-fields">
        <legend className="sr-only"><Trans>Sub-category details</Trans></legend>
        <TextField label={t`Name`} required disabled={locked} value={values.name} maxLength={TAXONOMY_NAME_MAX} autoComplete="off"
          data-autofocus={subCategory ? true : undefined} data-testid="subcategory-name" error={errorOf('name')}
          onChange={(e) => change({ name: e.target.value })} onBlur={() => touch('name')} />
        <TextAreaField label={t`Short Description`} disabled={locked} rows={2} value={values.shortDescription}
          maxLength={TAXONOMY_SHORT_DESCRIPTION_MAX} data-testid="subcategory-short-description" error={errorOf('shortDescription')}
          hint={t`Optional, at most ${TAXONOMY_SHORT_DESCRIPTION_MAX} characters, shown on the sub-category's card.`}
          onChange={(e) => change({ shortDescription: e.target.value })} onBlur={() => touch('shortDescription')} />
        <TextAreaField label={t`Description`} disabled={locked} rows={5} value={values.description}
          maxLength={TAXONOMY_DESCRIPTION_MAX} data-testid="subcategory-description" error={errorOf('description')}
          hint={t`Optional.`}
          onChange={(e) => change({ description: e.target.value })} onBlur={() => touch('description')} />
        <TaxonomyImageField label={t`Sub-category image`} value={values.imageUri} fileName="subcategory"
          onChange={(imageUri) => change({ imageUri })} disabled={locked || busy}
          error={failure?.field === 'imageUri' ? failure.message : undefined} data-testid="subcategory-image" />
      </fieldset>
      {failure && !fieldFailure && <Alert tone="error">{failure.message}</Alert>}
    </FormDialog>
  );
}
