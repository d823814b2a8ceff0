import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { REGISTRATION_REDIRECT_MS } from '../../domain/constants';
import { Button, buttonClass } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { useResendConfirmation } from './useResendConfirmation';

/** Where the screen sends the user: the login screen, which then asks to confirm the e-mail first. */
export const AFTER_REGISTRATION_HREF = `${paths.login.href()}?registered=1`;
const redirectSeconds = REGISTRATION_REDIRECT_MS / 1000;

/**
 * Shown in place of the registration form after success (spec 1 §2, §4). Sends the user on to
 * the login screen after 5 s unless they interact with the screen in any way (pointer, key,
 * focus, the resend or stay buttons), so the resend button stays usable for those who want it.
 */
export function CheckEmailScreen({ email }: { email: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [autoRedirect, setAutoRedirect] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const stay = () => setAutoRedirect(false);
  const resend = useResendConfirmation(email, stay);

  // The form this screen replaces was scrolled to its submit button: start at the top of the page,
  // with the focus on the heading so a screen reader starts reading there. The scroll is explicit
  // (focus alone would only bring the heading to the edge, under the sticky top bar).
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!autoRedirect) return;
    const id = setTimeout(() => navigate(AFTER_REGISTRATION_HREF), REGISTRATION_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [autoRedirect, navigate]);

  const onInteract = (event: SyntheticEvent) => {
    if (event.target !== heading.current) stay();
  };

  const seconds = resend.secondsLeft;
  const remaining = resend.remainingRetries;
  let label;
  if (resend.maxed) label = t`Max retries reached`;
  else if (resend.sending) label = t`Sending…`;
  else if (seconds > 0) label = t`Resend in ${seconds} s`;
  else label = t`Resend e-mail`;

  return (
    <div onPointerDown={onInteract} onKeyDown={onInteract} onFocus={onInteract} data-testid="check-email">
      <AuthCard title={<Trans>Check your e-mail</Trans>} headingRef={heading}>
        <p className="text-fg">
          <Trans>We have sent a confirmation link to <strong className="break-all font-semibold">{email}</strong>. Open the link in the e-mail to activate your account.</Trans>
        </p>
        <p className="mt-3 text-sm text-muted">
          <Trans>No e-mail? Check your spam folder, or ask for a new one.</Trans>
        </p>

        <div className="mt-6 flex flex-col gap-2">
          <Button variant="secondary" onClick={() => void resend.resend()} disabled={!resend.canResend} loading={resend.sending}
            data-testid="resend-button">
            {label}
          </Button>
          {/* Announced politely: the resent notice, the remaining retries, and when resending is possible again. */}
          <div aria-live="polite" aria-atomic="true" className="min-h-5 text-sm" data-testid="resend-status">
            {resend.resent && <p className="text-success"><Trans>Confirmation e-mail resent.</Trans></p>}
            {remaining !== null && !resend.maxed && (
              <p className="text-muted">
                <Plural value={remaining} one="# resend left" other="# resends left" />
              </p>
            )}
            {resend.maxed && <p className="text-muted"><Trans>You cannot request more e-mails. Contact us if the e-mail does not arrive.</Trans></p>}
            {!resend.maxed && seconds === 0 && !resend.sending && !resend.resent && (
              <p className="sr-only"><Trans>You can request a new e-mail now.</Trans></p>
            )}
          </div>
        </div>

        <div className="mt-6 flex flex-col gap-3 border-t border-border pt-6">
          <div role="status" className="text-sm text-muted" data-testid="redirect-notice">
            {autoRedirect && (
              <p>
                <Trans>You will be taken to the login page in {redirectSeconds} seconds.</Trans>{' '}
                <button type="button" onClick={stay} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                  <Trans>Stay on this page</Trans>
                </button>
              </p>
            )}
          </div>
          <Link href={AFTER_REGISTRATION_HREF} className={buttonClass('primary', 'w-full')}><Trans>Go to login</Trans></Link>
        </div>
      </AuthCard>
    </div>
  );
}
