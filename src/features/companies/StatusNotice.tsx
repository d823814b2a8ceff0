import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CompanyStatus, type Company, type OwnedCompany } from '../../domain/companies';
import { useRowSyncState } from '../../sync/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { removalDate, useOpenedAt } from './retention';
import { useRestoreCompany } from './useRestoreCompany';

/** What happens next for a company that is not Active (spec 2 §4): awaiting approval, rejected, or deleted and restorable. */
export function StatusNotice({ company, userId }: { company: Company | OwnedCompany; userId: string }) {
  const { t, i18n } = useLingui();
  const restoreWithFeedback = useRestoreCompany();
  const sync = useRowSyncState('company', company.id, userId);
  const [busy, setBusy] = useState(false);
  const now = useOpenedAt();

  if (company.status === CompanyStatus.AwaitingApproval) {
    return (
      <div className="mb-6" data-testid="company-notice" data-status={company.status}>
        <Alert title={t`Awaiting Approval`}>
          <Trans>An administrator reviews every new company. Once it is approved, Listings, Subscriptions, Messages and Events open here. You can edit the company details meanwhile.</Trans>
        </Alert>
      </div>
    );
  }
  if (company.status === CompanyStatus.Rejected) {
    return (
      <div className="mb-6" data-testid="company-notice" data-status={company.status}>
        <Alert tone="error" title={t`Rejected`}>
          <Trans>An administrator did not approve this company. Update the company details and save them to send it for approval again.</Trans>
        </Alert>
      </div>
    );
  }
  if (company.status !== CompanyStatus.Deleted) return null;

  const removal = removalDate('deletedAt' in company ? company.deletedAt : null);
  const restorable = sync !== 'pending' && (removal === null || removal.getTime() > now);
  async function restore() {
    setBusy(true);
    try {
      await restoreWithFeedback(company.id, userId);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-6 flex flex-col items-start gap-3" data-testid="company-notice" data-status={company.status}>
      <Alert tone="error" title={t`Deleted`}>
        {removal && removal.getTime() > now
          ? <Trans>This company and its listings are hidden. It will be removed on {i18n.date(removal, { dateStyle: 'long' })} unless you restore it.</Trans>
          : <Trans>This company and its listings are hidden and it is scheduled for removal.</Trans>}
      </Alert>
      {restorable && <Button variant="secondary" loading={busy} onClick={() => void restore()}><Trans>Restore</Trans></Button>}
    </div>
  );
}
