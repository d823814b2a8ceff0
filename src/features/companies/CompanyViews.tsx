import { useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LazyPart } from '../../ui/LazyPart';

/** Back from a view to the company hub. */
export function BackToCompany({ companyId }: { companyId: string }) {
  return (
    <Link href={paths.company.href(companyId)} className="inline-flex items-center gap-1 text-sm text-accent hover:underline" data-testid="back-to-company">
      <span aria-hidden="true">←</span> <Trans>Back to company</Trans>
    </Link>
  );
}

/** A view of a company that is closed for now (a gated part while the company is not Active). */
export function ClosedView({ reason }: { reason: string }) {
  return <Alert tone="info" title={reason} />;
}

/**
 * The Listings view, another feature's screen handed over by the shell, loaded when first shown.
 * A chunk that cannot be fetched (offline before it was cached) says so and can be tried again.
 */
export function ListingsView({ view: View, companyId }: { view: ComponentType<{ companyId: string }>; companyId: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  if (failed) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{t`This needs a connection the first time. Try again when you are back online.`}</Alert>
        <Button variant="secondary" onClick={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}>
          <Trans>Try Again</Trans>
        </Button>
      </div>
    );
  }
  return (
    <LazyPart key={attempt} onFailed={() => setFailed(true)}>
      <View companyId={companyId} />
    </LazyPart>
  );
}
