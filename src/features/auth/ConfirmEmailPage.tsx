import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import { authApi } from '../../api/auth';
import { paths } from '../../config/paths';
import { Alert } from '../../ui/Alert';
import { buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';
import { useErrorText } from './errors';

type Outcome = { status: 'success' } | { status: 'error'; error: unknown };

/**
 * Account confirmation from the mailed link /confirm-email?token=…&userId=… (spec 1 §2, §4):
 * runs by itself once (the token is single-use, so a ref stops StrictMode's second effect run
 * from calling again); a link without token or userId fails at once without a call.
 */
export default function ConfirmEmailPage() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const userId = (params.get('userId') ?? '').trim();
  const complete = Boolean(token && userId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!complete || started.current) return;
    started.current = true;
    // No cancellation on cleanup: StrictMode's simulated unmount must not drop the one answer.
    authApi.confirmEmail(token, userId).then(
      () => setOutcome({ status: 'success' }),
      (error: unknown) => setOutcome({ status: 'error', error }),
    );
  }, [complete, token, userId]);

  if (!complete || outcome?.status === 'error') {
    const message = complete && outcome?.status === 'error'
      ? errorText(outcome.error, t`Email confirmation failed`)
      : t`The confirmation link is invalid or has expired.`;
    return (
      <AuthCard title={<Trans>Confirmation failed</Trans>} testId="confirm-error">
        <Alert tone="error">{message}</Alert>
        <Link href={paths.home.href()} className={buttonClass('primary', 'mt-6 w-full')}><Trans>Go to home</Trans></Link>
      </AuthCard>
    );
  }

  if (!outcome) {
    return (
      <AuthCard title={<Trans>Confirming your e-mail…</Trans>} testId="confirm-processing">
        <div className="flex justify-center py-6"><Spinner size="lg" label={t`Confirming your e-mail…`} /></div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<Trans>E-mail confirmed</Trans>} testId="confirm-success">
      <Alert tone="success"><Trans>Your e-mail address is confirmed. You can now log in.</Trans></Alert>
      <Link href={paths.login.href()} className={buttonClass('primary', 'mt-6 w-full')}><Trans>Go to login</Trans></Link>
    </AuthCard>
  );
}
