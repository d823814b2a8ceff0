import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CompanyStatus, type Company, type OwnedCompany } from '../../domain/companies';
import { restoreCompany } from '../../sync/entities/companies';
import { useRowSyncState } from '../../sync/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { companyToast, sendCompanyWrite } from './companyWrites';
import { useFailureMessage, useQueuedMessage } from './messages';
import { removalDate, useOpenedAt } from './retention';

/** What happens next for a company that is not Active (spec 2 §4): awaiting approval, rejected, or deleted and restorable. */
export function StatusNotice({ company, userId }: { company: Company | OwnedCompany; userId: string }) {
  const { t, i18n } = useLingui();
  const withReason = useFailureMessage();
  const queuedMessage = useQueuedMessage();
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
      const outcome = await sendCompanyWrite(restoreCompany, { id: company.id }, userId);
      if (outcome.state === 'sent') companyToast('restore', company.id, t`Company restored`, 'success');
      else if (outcome.state === 'pending') companyToast('restore', company.id, queuedMessage(), 'info');
      else if (outcome.state === 'failed') companyToast('restore', company.id, withReason(t`Failed to restore company`, outcome.entry.lastError), 'error');
    } catch {
      companyToast('restore', company.id, t`Failed to restore company`, 'error');
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
