import { useLingui } from '@lingui/react/macro';
import { restoreCompany } from '../../sync/entities/companies';
import { companyToast, sendCompanyWrite } from './companyWrites';
import { useFailureMessage, useQueuedMessage } from './messages';

/**
 * Restores a deleted company (the /companies card and the hub's notice): sends or queues the write
 * and says how it went. Never throws: a failure is the snackbar 'Failed to restore company'.
 */
export function useRestoreCompany(): (companyId: string, userId: string) => Promise<void> {
  const { t } = useLingui();
  const withReason = useFailureMessage();
  const queuedMessage = useQueuedMessage();
  return async (companyId, userId) => {
    try {
      const outcome = await sendCompanyWrite(restoreCompany, { id: companyId }, userId);
      if (outcome.state === 'sent') companyToast('restore', companyId, t`Company restored`, 'success');
      else if (outcome.state === 'pending') companyToast('restore', companyId, queuedMessage(), 'info');
      else if (outcome.state === 'failed') companyToast('restore', companyId, withReason(t`Failed to restore company`, outcome.entry.lastError), 'error');
    } catch {
      companyToast('restore', companyId, t`Failed to restore company`, 'error');
    }
  };
}
