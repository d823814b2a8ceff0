import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usersApi } from '../../api/users';
import { Messages, validateNewPassword } from '../../domain/validation';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { toast } from './feedback';
import { fieldErrorsOf, useServerMessage } from './messages';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type Errors = Partial<Record<keyof ChangePasswordValues, string>>;
const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Old password required; new and confirm follow the password rules and must match (spec 1 §5). */
export function validateChangePassword(values: ChangePasswordValues): Errors {
  const errors: Errors = {};
  if (!values.oldPassword) errors.oldPassword = Messages.PasswordRequired;
  for (const e of validateNewPassword(values.newPassword, values.confirmPassword, 'newPassword')) {
    errors[e.field as keyof ChangePasswordValues] = e.message;
  }
  return errors;
}

/** Change the password with the current one; the server answers 'Incorrect password' on oldPassword. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const translate = useServerMessage();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const change = (field: keyof ChangePasswordValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      await usersApi.changePassword(values.oldPassword, values.newPassword, values.confirmPassword);
      setValues(EMPTY);
      toast('password', t`Your password has been changed`, 'success');
    } catch (error) {
      const server = fieldErrorsOf(error);
      setErrors({ oldPassword: server.oldPassword, newPassword: server.newPassword, confirmPassword: server.confirmPassword });
      toast('password', t`Failed to change password`, 'error');
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={headingId} className="mt-6 flex flex-col gap-4 border-t border-border pt-6">
      <h3 id={headingId} className="text-base font-semibold text-fg"><Trans>Change your password</Trans></h3>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField label={t`Current password`} autoComplete="current-password" required value={values.oldPassword}
        onChange={(e) => change('oldPassword', e.target.value)} error={translate(errors.oldPassword)} data-testid="password-old" />
      <PasswordField label={t`New password`} autoComplete="new-password" required value={values.newPassword}
        onChange={(e) => change('newPassword', e.target.value)} error={translate(errors.newPassword)} data-testid="password-new"
        hint={t`At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&.`} />
      <PasswordField label={t`Confirm new password`} autoComplete="new-password" required value={values.confirmPassword}
        onChange={(e) => change('confirmPassword', e.target.value)} error={translate(errors.confirmPassword)} data-testid="password-confirm" />
      <div className="flex justify-end">
        <Button type="submit" loading={saving} data-testid="password-save"><Trans>Update password</Trans></Button>
      </div>
    </form>
  );
}
