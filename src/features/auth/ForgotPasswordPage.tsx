import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { authApi } from '../../api/auth';
import { paths } from '../../config/paths';
import { validateEmail } from '../../domain/validation';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useValidationMessage } from '../../ui/validationMessages';
import { AuthCard, linkClass } from './AuthCard';
import { useErrorText } from './errors';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

/**
 * Forgot password (spec 1 §2, §8): asks for a reset link. The success text is the same whether
 * or not an account exists, so the screen never reveals accounts.
 */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const rule = useValidationMessage();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const emailError = touched ? rule(validateEmail(email)) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateEmail(email)) {
      focusFirstInvalid('[data-testid="forgot-form"]');
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await authApi.forgotPassword(email.trim());
      setSent(true);
    } catch (failure) {
      setError(errorText(failure, t`Password reset request failed`));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <AuthCard title={<Trans>Check your e-mail</Trans>} testId="forgot-sent">
        <Alert tone="success">
          <Trans>If an account exists for that e-mail, we have sent a link to reset your password.</Trans>
        </Alert>
        <p className="mt-4 text-sm text-muted"><Trans>The link is valid for 1 hour. Check your spam folder if you cannot find the e-mail.</Trans></p>
        <Link href={paths.login.href()} className={buttonClass('primary', 'mt-6 w-full')}><Trans>Back to login</Trans></Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<Trans>Forgot your password?</Trans>}
      intro={<Trans>Enter the e-mail address of your account and we will send you a link to choose a new password.</Trans>}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="forgot-form">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label={<Trans>E-mail</Trans>} type="email" autoComplete="email" required value={email}
          onChange={(e) => setEmail(e.target.value)} onBlur={() => setTouched(true)} error={emailError} />
        <Button type="submit" loading={submitting} className="w-full">
          {submitting ? <Trans>Sending…</Trans> : <Trans>Send reset link</Trans>}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href={paths.login.href()} className={linkClass}><Trans>Back to login</Trans></Link>
      </p>
    </AuthCard>
  );
}
