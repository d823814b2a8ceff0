import { useLingui } from '@lingui/react/macro';
import { CompanyStatus } from '../../domain/companies';

// Colours per status; any other value is the grey 'Unknown' chip (spec 2 §4).
const TONES: Record<number, string> = {
  [CompanyStatus.Active]: 'bg-success-bg text-white',
  [CompanyStatus.AwaitingApproval]: 'bg-info-bg text-white',
  [CompanyStatus.Rejected]: 'bg-danger-bg text-white',
  [CompanyStatus.Deleted]: 'bg-surface-2 text-fg border border-border',
};
const UNKNOWN_TONE = 'bg-surface-2 text-muted border border-border';

/** The label of a company status (spec 2 §4): Active, Awaiting Approval, Rejected, Deleted, else Unknown. */
export function useCompanyStatusLabel(): (status: number) => string {
  const { t } = useLingui();
  return (status) => {
    switch (status) {
      case CompanyStatus.Active: return t`Active`;
      case CompanyStatus.AwaitingApproval: return t`Awaiting Approval`;
      case CompanyStatus.Rejected: return t`Rejected`;
      case CompanyStatus.Deleted: return t`Deleted`;
      default: return t`Unknown`;
    }
  };
}

export function CompanyStatusChip({ status }: { status: number }) {
  const label = useCompanyStatusLabel();
  return (
    <span data-testid="company-status" data-status={status}
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${TONES[status] ?? UNKNOWN_TONE}`}>
      {label(status)}
    </span>
  );
}
