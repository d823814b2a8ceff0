import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/http';
import { paths } from '../../config/paths';
import { validateNewPassword } from '../../domain/validation';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { useValidationMessage } from '../../ui/validationMessages';
import { AuthCard, linkClass } from './AuthCard';
import { useErrorText } from './errors';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

type Status = 'form' | 'success' | 'invalid';
type Field = 'password' | 'confirmPassword';

/** The server names the password field after the reading used (B: newPassword). */
const toField = (name: string): Field | null =>
  name === 'password' || name === 'newPassword' ? 'password' : name === 'confirmPassword' ? 'confirmPassword' : null;

/**
 * Reset password from the mailed link /reset-password?email=…&token=… (spec 1 §2, §4, §8).
 * Without both values in the link, or when the server rejects the link, the invalid-link state.
 */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const rule = useValidationMessage();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const token = (params.get('token') ?? '').trim();
  const [status, setStatus] = useState<Status>('form');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ password: false, confirmPassword: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!email || !token || status === 'invalid') {
    return (
      <AuthCard title={<Trans>Invalid link</Trans>} testId="reset-invalid">
        <Alert tone="error"><Trans>The password reset link is invalid or has expired.</Trans></Alert>
        <p className="mt-4 text-sm text-muted"><Trans>Ask for a new link and use it within 1 hour.</Trans></p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link href={paths.forgotPassword.href()} className={buttonClass('primary', 'flex-1')}><Trans>Try again</Trans></Link>
          <Link href={paths.login.href()} className={buttonClass('secondary', 'flex-1')}><Trans>Back to login</Trans></Link>
        </div>
      </AuthCard>
    );
  }

  if (status === 'success') {
    return (
      <AuthCard title={<Trans>Password changed</Trans>} testId="reset-success">
        <Alert tone="success"><Trans>Your password has been reset. You can now log in with your new password.</Trans></Alert>
        <Link href={paths.login.href()} className={buttonClass('primary', 'mt-6 w-full')}><Trans>Go to login</Trans></Link>
      </AuthCard>
    );
  }

  const rules = Object.fromEntries(validateNewPassword(password, confirm).map((e) => [e.field, e.message])) as Partial<Record<Field, string>>;
  const errorOf = (field: Field) => rule((touched[field] ? rules[field] : undefined) ?? serverErrors[field]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, confirmPassword: true });
    if (Object.keys(rules).length > 0) {
      focusFirstInvalid('[data-testid="reset-form"]');
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await authApi.resetPassword(email, token, password);
      setStatus('success');
    } catch (failure) {
      const onFields = failure instanceof ApiError
        ? failure.errors.flatMap((e) => { const field = toField(e.field); return field ? [[field, e.message] as const] : []; })
        : [];
      if (onFields.length > 0) setServerErrors(Object.fromEntries(onFields));
      else if (failure instanceof ApiError && failure.status === 400) setStatus('invalid');
      else setError(errorText(failure, t`Password reset failed`));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={<Trans>Choose a new password</Trans>}
      intro={<Trans>For the account <strong className="break-all text-fg">{email}</strong>.</Trans>}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="reset-form">
        {error && <Alert tone="error">{error}</Alert>}
        {/* Lets password managers store the new password for the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField label={<Trans>New password</Trans>} autoComplete="new-password" required value={password}
          onChange={(e) => { setPassword(e.target.value); setServerErrors({}); }}
          onBlur={() => setTouched((p) => ({ ...p, password: true }))} error={errorOf('password')}
          hint={<Trans>At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of @$!%*?&</Trans>} />
        <PasswordField label={<Trans>Confirm new password</Trans>} autoComplete="new-password" required value={confirm}
          onChange={(e) => { setConfirm(e.target.value); setServerErrors({}); }}
          onBlur={() => setTouched((p) => ({ ...p, confirmPassword: true }))} error={errorOf('confirmPassword')} />
        <Button type="submit" loading={submitting} className="mt-2 w-full">
          {submitting ? <Trans>Saving…</Trans> : <Trans>Reset password</Trans>}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href={paths.login.href()} className={linkClass}><Trans>Back to login</Trans></Link>
      </p>
    </AuthCard>
  );
}
