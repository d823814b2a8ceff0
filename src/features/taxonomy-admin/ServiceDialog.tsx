import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TAXONOMY_GROUP_NAME_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX } from '../../domain/taxonomy';
import { Alert } from '../../ui/Alert';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import type { CategorySaveResult } from './CategoryDialog';
import { useTaxonomyMessage } from './messages';
import {
  canSaveService, emptyServiceForm, serviceFieldError, serviceFormOf, SERVICE_FIELDS, type ServiceField, type ServiceFormValues,
} from './serviceForm';
import type { AdminService, ServiceKind } from './serviceKind';
import { ParentOptions, type ParentGroup } from './serviceParents';
import { useServiceTexts } from './serviceTexts';

/** How a save ended, as for a category: the dialog closes on success and shows the failure otherwise. */
export type ServiceSaveResult = CategorySaveResult;

export interface ServiceDialogProps {
  kind: ServiceKind;
  /** The service edited; null adds one. */
  service: AdminService | null;
  /** The parent an added service starts under (the page's parent filter), or ''. */
  initialParentId: string;
  /** The parents to choose from; undefined while the stored taxonomy is read. */
  parents: readonly ParentGroup[] | undefined;
  onClose: () => void;
  onSave: (values: ServiceFormValues) => Promise<ServiceSaveResult>;
}

const NO_TOUCH: Record<ServiceField, boolean> = { parentId: false, name: false, groupName: false, shortDescription: false };
/** The server names the parent by its own field; the form has one for both kinds. */
const formFieldOf = (field: string | undefined): string | undefined =>
  field === 'categoryId' || field === 'subCategoryId' ? 'parentId' : field;

/**
 * Add or edit a category service or a sub-category service (spec 3 §5): the parent is chosen first
 * and the other fields stay disabled until it is ('Please select a category first'); name required
 * (≤ 100), group name and short description optional. A failed save keeps the dialog open with the
 * server's reason. Mounted per opening, so each opening starts from the service as stored.
 */
export function ServiceDialog({ kind, service, initialParentId, parents, onClose, onSave }: ServiceDialogProps) {
  const { t } = useLingui();
  const texts = useServiceTexts(kind);
  const ruleMessage = useTaxonomyMessage();
  const parentNoteId = useId();
  const parentFailureId = useId();
  const [values, setValues] = useState<ServiceFormValues>(() => (service ? serviceFormOf(service) : emptyServiceForm(initialParentId)));
  const [touched, setTouched] = useState(NO_TOUCH);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);

  const change = (next: Partial<ServiceFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setFailure(null);
  };
  const touch = (field: ServiceField) => setTouched((s) => ({ ...s, [field]: true }));
  const errorOf = (field: ServiceField): string | null => {
    const rule = serviceFieldError(kind, values, field);
    if (touched[field] && rule) return ruleMessage(rule);
    // The server's word on the parent is an alert under the select (parentFailure).
    return failure?.field === field && field !== 'parentId' ? failure.message : null;
  };
  // Why the server refused the parent (it does not exist, or listings keep the service where it is).
  const parentFailure = failure?.field === 'parentId' ? failure.message : null;
  const parentChosen = values.parentId !== '';
  const canSave = canSaveService(kind, values);

  const submit = async () => {
    setTouched({ parentId: true, name: true, groupName: true, shortDescription: true });
    if (!canSave || busy) return;
    setBusy(true);
    const result = await onSave(values);
    setBusy(false);
    if (!result.ok) setFailure({ message: result.message, field: formFieldOf(result.field) });
  };

  const close = () => {
    if (!busy) onClose();
  };
  const fieldFailure = SERVICE_FIELDS.some((field) => failure?.field === field);
  const parentError = errorOf('parentId');
  // 'Please select a category first' stays under the select until one is chosen (an error once left empty).
  const parentRule = serviceFieldError(kind, values, 'parentId');
  const parentNote = parentRule && !parentError ? ruleMessage(parentRule) : null;
  // Until the parent is chosen (spec 3 §5). Not while saving: the field that had the focus (Enter
  // submits) would lose it, as the category and sub-category dialogs avoid too.
  const locked = !parentChosen;
  // A parent no longer stored (deleted meanwhile) still shows, so the select does not lie.
  const missingParent = parentChosen && parents !== undefined
    && !parents.some((group) => group.parents.some((parent) => parent.id === values.parentId));

  return (
    <FormDialog onClose={close} title={service ? texts.editTitle : texts.add} size="lg"
      busy={busy} canSubmit={canSave} onSubmit={() => void submit()} submitTestId="service-save">
      <div>
        <SelectField label={texts.parentLabel} value={values.parentId} required data-autofocus data-testid="service-parent"
          error={parentError} {...(parentNote ? { 'aria-describedby': parentNoteId } : {})}
          {...(parentFailure ? { 'aria-invalid': true, 'aria-describedby': parentFailureId } : {})}
          onChange={(e) => change({ parentId: e.target.value })} onBlur={() => touch('parentId')}>
          <option value="">{texts.parentPlaceholder}</option>
          {missingParent && <option value={values.parentId}>{texts.deletedParent}</option>}
          <ParentOptions groups={parents ?? []} />
        </SelectField>
        {parentNote && <p id={parentNoteId} className="mt-1 text-sm text-muted" data-testid="service-parent-first">{parentNote}</p>}
        {parentFailure && <div id={parentFailureId} className="mt-2" data-testid="service-parent-failure"><Alert tone="error">{parentFailure}</Alert></div>}
      </div>
      <TextField label={t`Name`} required value={values.name} maxLength={TAXONOMY_NAME_MAX} autoComplete="off"
        disabled={locked} data-testid="service-name" error={errorOf('name')}
        onChange={(e) => change({ name: e.target.value })} onBlur={() => touch('name')} />
      <TextField label={t`Group name`} value={values.groupName} maxLength={TAXONOMY_GROUP_NAME_MAX} autoComplete="off"
        disabled={locked} data-testid="service-group" error={errorOf('groupName')}
        hint={t`Optional. Services with the same group name are shown together.`}
        onChange={(e) => change({ groupName: e.target.value })} onBlur={() => touch('groupName')} />
      <TextAreaField label={t`Short Description`} rows={2} value={values.shortDescription}
        maxLength={TAXONOMY_SHORT_DESCRIPTION_MAX} disabled={locked} data-testid="service-short-description"
        error={errorOf('shortDescription')} hint={t`Optional, at most ${TAXONOMY_SHORT_DESCRIPTION_MAX} characters.`}
        onChange={(e) => change({ shortDescription: e.target.value })} onBlur={() => touch('shortDescription')} />
      {failure && !fieldFailure && <Alert tone="error">{failure.message}</Alert>}
    </FormDialog>
  );
}
