import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Security: the password-reset link and the change-password form. */
export function SecurityCard({ email }: { email: string }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-fg"><Trans>Security</Trans></h2>
      <p className="mt-1 text-sm text-muted"><Trans>Forgot your current password? Reset it by email.</Trans></p>
      <Link href={paths.forgotPassword.href()} className={buttonClass('secondary', 'mt-3')} data-testid="change-password-link">
        <Trans>Change Password</Trans>
      </Link>
      <ChangePasswordForm email={email} />
    </Card>
  );
}
