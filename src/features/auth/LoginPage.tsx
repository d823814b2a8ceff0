import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { authApi } from '../../api/auth';
import { paths, safeReturnTo } from '../../config/paths';
import { SNACKBAR_MS } from '../../domain/constants';
import { Messages } from '../../domain/validation';
import { login, session } from '../../state/session';
import { dismissKey, notify } from '../../state/snackbar';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { PasswordField, TextField } from '../../ui/TextField';
import { useValidationMessage } from '../../ui/validationMessages';
import { AuthCard, linkClass } from './AuthCard';
import { useErrorText } from './errors';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

/** Snackbar keys: one message per action, a newer outcome replaces the older. */
const LOGIN_KEY = 'login';
const RESEND_KEY = 'login:resend';

/** The page the guard sent the user from (path plus query); never back to /login itself. */
function returnTarget(returnTo: string | null): string {
  const target = safeReturnTo(returnTo);
  return /^\/login(?:[/?#]|$)/i.test(target) ? paths.home.href() : target;
}

/** Login (spec 1 §2, §8): back to the page the user came from, errors in a 6 s snackbar. */
export default function LoginPage() {
  const { t } = useLingui();
  const rule = useValidationMessage();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const { user } = useSnapshot(session);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  /** Set when the server says the e-mail is not confirmed yet: offers a new confirmation e-mail. */
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const unconfirmedRef = useRef<HTMLDivElement>(null);
  // The alert is the one message for an unconfirmed address (no snackbar): move the focus to it so
  // a screen reader reads it, with the resend button next.
  useEffect(() => {
    if (unconfirmedEmail) unconfirmedRef.current?.focus();
  }, [unconfirmedEmail]);

  // A logged-in user has nothing to do here (not while this screen is logging in and leaving): back
  // to where they came from. A server-rendered page is painted anonymous until the app renders it
  // for them, and its heart's login form may bring them here (ui/FavoriteToggle).
  if (user && !submitting) return <Redirect to={returnTarget(params.get('returnTo'))} replace />;

  const emailError = touched.email && !email.trim() ? rule(Messages.EmailRequired) : null;
  const passwordError = touched.password && !password ? rule(Messages.PasswordRequired) : null;

  const loginErrorText = (error: unknown): string => {
    const message = error instanceof Error ? error.message : '';
    if (/invalid_credentials/i.test(message)) return t`Wrong e-mail or password.`;
    return errorText(error, t`Login failed`);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (!email.trim() || !password) {
      focusFirstInvalid('[data-testid="login-form"]');
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    setUnconfirmedEmail(null);
    try {
      await login(email, password, remember);
    } catch (error) {
      if (error instanceof Error && /email_not_verified/i.test(error.message)) {
        // The alert above the form says it and offers the resend: one message, not a snackbar too.
        // An older attempt's snackbar ('Wrong e-mail or password') would now contradict it.
        dismissKey(LOGIN_KEY);
        setUnconfirmedEmail(email.trim());
      } else {
        notify(loginErrorText(error), { key: LOGIN_KEY, severity: 'error', durationMs: SNACKBAR_MS });
      }
      setSubmitting(false);
      return;
    }
    dismissKey(LOGIN_KEY);
    // Stays 'submitting' while leaving, so the logged-in redirect to / does not race the return path.
    navigate(returnTarget(params.get('returnTo')), { replace: true });
  };

  const resendConfirmation = async () => {
    if (!unconfirmedEmail || resending) return;
    setResending(true);
    try {
      await authApi.resendConfirmation(unconfirmedEmail);
      notify(t`A new confirmation e-mail has been sent. Check your inbox.`, { key: RESEND_KEY, severity: 'success', durationMs: SNACKBAR_MS });
    } catch (error) {
      notify(errorText(error, t`Email sending error. Please try again later.`), { key: RESEND_KEY, severity: 'error', durationMs: SNACKBAR_MS });
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={<Trans>Log in</Trans>}>
      <div className="mb-4 flex flex-col gap-3 empty:hidden">
        {params.get('registered') === '1' && !unconfirmedEmail && (
          <Alert tone="info"><Trans>Your account has been created. Confirm your e-mail address with the link we sent you, then log in.</Trans></Alert>
        )}
        {unconfirmedEmail && (
          <div ref={unconfirmedRef} tabIndex={-1} className="focus-visible:outline-none" data-testid="login-unconfirmed">
            <Alert tone="info" title={<Trans>Your e-mail address is not confirmed yet</Trans>}>
              <p><Trans>Open the link in the confirmation e-mail we sent to {unconfirmedEmail}. Did not get it?</Trans></p>
              <Button variant="secondary" className="mt-3" onClick={() => void resendConfirmation()} loading={resending} data-testid="login-resend">
                <Trans>Resend confirmation e-mail</Trans>
              </Button>
            </Alert>
          </div>
        )}
      </div>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="login-form">
        <TextField label={<Trans>E-mail</Trans>} type="email" autoComplete="username" required value={email}
          onChange={(e) => setEmail(e.target.value)} onBlur={() => setTouched((p) => ({ ...p, email: true }))} error={emailError} />
        <PasswordField label={<Trans>Password</Trans>} autoComplete="current-password" required value={password}
          onChange={(e) => setPassword(e.target.value)} onBlur={() => setTouched((p) => ({ ...p, password: true }))} error={passwordError} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={<Trans>Remember me</Trans>} checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Link href={paths.forgotPassword.href()} className={`${linkClass} text-sm`}><Trans>Forgot password?</Trans></Link>
        </div>
        <Button type="submit" loading={submitting} className="mt-2 w-full">
          {submitting ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        <Trans>No account yet? <Link href={paths.register.href()} className={linkClass}>Create an account</Link></Trans>
      </p>
    </AuthCard>
  );
}
