import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { COMPANY_LIMITS } from '../../domain/companies';
import { createCompany, forgetUnsentCompany, updateCompany } from '../../sync/entities/companies';
import { queueLocalFile } from '../../sync/entities/files';
import { StorageFullError } from '../../sync/outbox';
import { askPersistentStorage } from '../../sync/persist';
import { Button, buttonClass } from '../../ui/Button';
import { FileImage } from '../../ui/FileImage';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';
import { ImageField } from '../../ui/ImageField';
import { ASPECT } from '../../ui/image-crop/constants';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import {
  COMPANY_FIELDS, companyErrors, toCompanyInput, type CompanyErrors, type CompanyField, type CompanyFormValues,
} from './companyFormValues';
import { companyToast, sendCompanyWrite } from './companyWrites';
import { useCompanyMessage, useQueuedMessage } from './messages';
import { TextAreaField } from '../../ui/TextAreaField';
import { companyDraftKey, useCompanyDraft } from './useCompanyDraft';

export interface CompanyFormProps {
  /** create: a new company with this device-made id; update: the company's details. */
  mode: 'create' | 'update';
  companyId: string;
  userId: string;
  /** The saved values (empty for a new company). Read once, when the form opens. */
  initial: CompanyFormValues;
  /** Where Cancel goes. */
  cancelHref: string;
  /** After a create was sent or queued: the new company exists on this device. */
  onCreated?: (companyId: string) => void;
}

type Field = CompanyField;

/**
 * The company form (spec 2 §5): every field of CompanyInput, the rules checked on leaving a field
 * and on submit, errors cleared by typing in the field, saving blocked while any error shows (the
 * focus goes to the first), the server's field errors shown on their fields. The values are kept
 * on the device while typing and the save goes through the write queue, so it works offline.
 */
export function CompanyForm({ mode, companyId, userId, initial: initialProp, cancelHref, onCreated }: CompanyFormProps) {
  const { t } = useLingui();
  const translate = useCompanyMessage();
  const queuedMessage = useQueuedMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(initialProp);
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [serverErrors, setServerErrors] = useState<CompanyErrors>({});
  const [saving, setSaving] = useState(false);
  const draft = useCompanyDraft(userId, companyDraftKey(mode === 'create' ? null : companyId), initial);
  const { values, setValues } = draft;

  const shownError = (field: Field) => translate(errors[field] ?? serverErrors[field]);
  const hasErrors = COMPANY_FIELDS.some((field) => errors[field] || serverErrors[field]);

  function change<F extends Field>(field: F, value: CompanyFormValues[F]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  /** Leaving a field checks that field's rule only; the others wait until they are visited or the form is sent. */
  function blur(field: Field) {
    const message = companyErrors(values)[field];
    setErrors((e) => (e[field] === message ? e : { ...e, [field]: message }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = companyErrors(values);
    setErrors(found);
    if (COMPANY_FIELDS.some((field) => found[field] || serverErrors[field])) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const input = toCompanyInput(values);
    try {
      const outcome = mode === 'create'
        ? await sendCompanyWrite(createCompany, { id: companyId, ...input }, userId)
        : await sendCompanyWrite(updateCompany, { id: companyId, input }, userId);
      if (outcome.state === 'failed') {
        if (mode === 'create') await forgetUnsentCompany(userId, companyId);
        const next: CompanyErrors = {};
        for (const e of outcome.entry.fieldErrors ?? []) {
          if ((COMPANY_FIELDS as readonly string[]).includes(e.field)) next[e.field as Field] ??= e.message;
        }
        setServerErrors(next);
        companyToast('save', companyId, translate(outcome.entry.lastError) ?? t`Failed to save company`, 'error');
        if (Object.keys(next).length > 0) focusFirstInvalid(formRef.current);
        return;
      }
      draft.saved(values);
      if (outcome.state === 'sent') {
        companyToast('save', companyId, mode === 'create' ? t`Company created successfully!` : t`Company updated successfully!`, 'success');
      } else if (outcome.state === 'pending') {
        companyToast('save', companyId, queuedMessage(), 'info');
        void askPersistentStorage();
      } else {
        companyToast('save', companyId,
          t`This company was changed elsewhere. Use “review” at the top of the page to keep yours or take theirs.`, 'error');
      }
      if (mode === 'create') onCreated?.(companyId);
    } catch (error) {
      companyToast('save', companyId, error instanceof StorageFullError
        ? t`This device is out of storage space. Free some space and try again; your other unsent changes are kept.`
        : t`Failed to save company`, 'error');
    } finally {
      setSaving(false);
    }
  }

  // Kept on the device and uploaded by the write queue (PUT /files/{id}) ahead of the company
  // write that names it, as the listing editor does: a logo chosen offline is not lost.
  const storeImage = (bytes: Blob, name: string) => queueLocalFile(bytes, name, userId);

  if (!draft.ready) {
    return <div className="flex justify-center py-10"><Spinner size="lg" /></div>;
  }

  const text = (field: Exclude<Field, 'logoImageUri' | 'bannerImageUri' | 'description' | 'shortDescription'>, label: string, extra: {
    type?: string; inputMode?: 'text' | 'url' | 'email' | 'tel' | 'numeric'; autoComplete?: string; hint?: ReactNode;
    required?: boolean; maxLength?: number; placeholder?: string; className?: string;
  } = {}) => (
    <TextField label={label} value={values[field]} onChange={(e) => change(field, e.target.value)} onBlur={() => blur(field)}
      error={shownError(field)} name={field} data-testid={`company-${field}`} {...extra} />
  );

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6" data-testid="company-form">
      {draft.restored && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-accent bg-surface px-4 py-3 text-sm" role="status"
          data-testid="company-draft-restored">
          <span><Trans>Restored your unsaved changes</Trans></span>
          <Button variant="secondary" onClick={() => {
            draft.discard();
            setErrors({});
            setServerErrors({});
          }}>
            <Trans>Discard</Trans>
          </Button>
        </div>
      )}

      <fieldset className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold"><Trans>About the company</Trans></legend>
        {text('name', t`Name`, { required: true, autoComplete: 'organization', maxLength: COMPANY_LIMITS.name, className: 'sm:col-span-2' })}
        <TextAreaField label={t`Short Description`} required rows={2} maxLength={COMPANY_LIMITS.shortDescription} className="sm:col-span-2"
          value={values.shortDescription} onChange={(e) => change('shortDescription', e.target.value)} onBlur={() => blur('shortDescription')}
          error={shownError('shortDescription')} name="shortDescription" data-testid="company-shortDescription" />
        <TextAreaField label={t`Description`} rows={6} maxLength={COMPANY_LIMITS.description} className="sm:col-span-2"
          value={values.description} onChange={(e) => change('description', e.target.value)} onBlur={() => blur('description')}
          error={shownError('description')} name="description" data-testid="company-description" />
        {text('organizationNumber', t`Organization Number`, { inputMode: 'numeric', maxLength: COMPANY_LIMITS.organizationNumber, hint: t`Digits only` })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold"><Trans>Contact</Trans></legend>
        {text('phoneNumber', t`Phone Number`, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: COMPANY_LIMITS.phoneNumber,
          hint: t`Digits, +, -, spaces and parentheses` })}
        {text('email', t`Email`, { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: COMPANY_LIMITS.email })}
        {text('websiteUrl', t`Website`, { type: 'url', inputMode: 'url', autoComplete: 'url', placeholder: 'https://', maxLength: COMPANY_LIMITS.url,
          className: 'sm:col-span-2' })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold"><Trans>Social media</Trans></legend>
        {text('facebookUrl', 'Facebook', { type: 'url', inputMode: 'url', placeholder: 'https://', maxLength: COMPANY_LIMITS.url })}
        {text('instagramUrl', 'Instagram', { type: 'url', inputMode: 'url', placeholder: 'https://', maxLength: COMPANY_LIMITS.url })}
        {text('twitterUrl', 'Twitter', { type: 'url', inputMode: 'url', placeholder: 'https://', maxLength: COMPANY_LIMITS.url })}
        {text('youtubeUrl', 'YouTube', { type: 'url', inputMode: 'url', placeholder: 'https://', maxLength: COMPANY_LIMITS.url })}
      </fieldset>

      <fieldset className="grid gap-6 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold"><Trans>Images</Trans></legend>
        <ImageField label={t`Logo`} value={values.logoImageUri} aspect={ASPECT.logo} fileName="logo" upload={storeImage}
          renderPreview={(id) => <FileImage fileId={id} width={400} alt={t`Logo`} aspectRatio={null} className="h-full w-full" />}
          onChange={(id) => change('logoImageUri', id)} error={shownError('logoImageUri') ?? undefined} data-testid="company-logo" />
        <ImageField label={t`Banner`} value={values.bannerImageUri} aspect={ASPECT.banner} fileName="banner" upload={storeImage}
          renderPreview={(id) => <FileImage fileId={id} width={400} alt={t`Banner`} aspectRatio={null} className="h-full w-full" />}
          onChange={(id) => change('bannerImageUri', id)} error={shownError('bannerImageUri') ?? undefined} data-testid="company-banner" />
      </fieldset>

      {hasErrors && (
        <p className="text-right text-sm text-danger" data-testid="company-form-blocked"><Trans>Fix the fields marked in red before saving.</Trans></p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Link href={cancelHref} className={buttonClass('secondary')}><Trans>Cancel</Trans></Link>
        <Button type="submit" loading={saving} aria-disabled={hasErrors || undefined} data-testid="company-save"
          className={hasErrors ? 'opacity-60' : ''}>
          {mode === 'create' ? <Trans>Create Company</Trans> : <Trans>Save Changes</Trans>}
        </Button>
      </div>
    </form>
  );
}
