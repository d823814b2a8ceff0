import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { CompanyStatus } from '../domain/companies';

/** Each known status's label (spec 2 §4) and chip colours; any other value is 'Unknown', grey. */
const STATUSES: Record<number, { label: MessageDescriptor; tone: string }> = {
  [CompanyStatus.Active]: { label: msg`Active`, tone: 'border-success text-success' },
  [CompanyStatus.AwaitingApproval]: { label: msg`Awaiting Approval`, tone: 'border-accent text-accent' },
  [CompanyStatus.Rejected]: { label: msg`Rejected`, tone: 'border-danger text-danger' },
  [CompanyStatus.Deleted]: { label: msg`Deleted`, tone: 'border-danger bg-danger-bg text-white' },
};
const UNKNOWN = { label: msg`Unknown`, tone: 'border-border bg-surface-2 text-muted' };

const statusInfo = (status: number) => (Object.hasOwn(STATUSES, status) ? STATUSES[status]! : UNKNOWN);

/**
 * The company status as a chip ('Active', 'Awaiting Approval', 'Rejected', 'Deleted', else a grey
 * 'Unknown'): the owner's cards and hub, the company overview and its admin review.
 */
export function CompanyStatusChip({ status, className = '' }: { status: number; className?: string }) {
  const { i18n } = useLingui();
  const { label, tone } = statusInfo(status);
  return (
    <span data-testid="company-status" data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone} ${className}`}>
      {i18n._(label)}
    </span>
  );
}
