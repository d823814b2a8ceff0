import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { settingsApi } from '../../api/settings';
import { SNACKBAR_MS } from '../../domain/constants';
import {
  CONTACT_EMAIL_MAX, normaliseOrganisationNumber, validateContactEmail, validateOrganisationNumber, type AdminSettings,
} from '../../domain/settings';
import { notify } from '../../state/snackbar';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { rememberSiteSettings } from '../../ui/siteSettings';
import { useFailureText, useSettingsMessage } from './messages';

interface Props {
  settings: AdminSettings;
  online: boolean;
  /** The saved answer (the page shows it and the audit log reloads). */
  onSaved: (saved: AdminSettings) => void;
}

/** The contact e-mail and organisation number shown in the footer, the contact page and the legal texts. */
export function SettingsForm({ settings, online, onSaved }: Props) {
  const { t } = useLingui();
  const translate = useSettingsMessage();
  const failureText = useFailureText();
  const [email, setEmail] = useState(settings.contactEmail);
  const [orgNumber, setOrgNumber] = useState(settings.organisationNumber);
  // Errors show after the first Save, then follow the typing.
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const emailError = checked ? translate(validateContactEmail(email)) : null;
  const orgError = checked ? translate(validateOrganisationNumber(orgNumber)) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    if (validateContactEmail(email) || validateOrganisationNumber(orgNumber)) return;
    setSaving(true);
    try {
      const saved = await settingsApi.update({ contactEmail: email.trim(), organisationNumber: normaliseOrganisationNumber(orgNumber.trim()) ?? orgNumber });
      setEmail(saved.contactEmail);
      setOrgNumber(saved.organisationNumber);
      setChecked(false);
      rememberSiteSettings(saved);
      onSaved(saved);
      notify(t`Settings saved`, { key: 'admin-settings:save', severity: 'success', durationMs: SNACKBAR_MS });
    } catch (error) {
      const reason = failureText(error);
      setFailure(reason);
      notify(`${t`Failed to save settings`}: ${reason}`, { key: 'admin-settings:save', severity: 'error', durationMs: SNACKBAR_MS });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="settings-form">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={<Trans>Contact e-mail</Trans>} type="email" autoComplete="off" required value={email} maxLength={CONTACT_EMAIL_MAX}
          onChange={(e) => setEmail(e.target.value)} error={emailError} data-testid="settings-email"
          hint={<Trans>Shown in the footer, on the contact page and in the legal texts.</Trans>} />
        <TextField label={<Trans>Organisation number</Trans>} inputMode="numeric" autoComplete="off" required value={orgNumber} maxLength={40}
          onChange={(e) => setOrgNumber(e.target.value)} error={orgError} data-testid="settings-org-number"
          hint={<Trans>9 digits; saved as 912 345 678.</Trans>} />
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div>
        <Button type="submit" loading={saving} disabled={!online} data-testid="settings-save"><Trans>Save</Trans></Button>
      </div>
    </form>
  );
}
