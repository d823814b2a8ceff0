import { Trans } from '@lingui/react/macro';
import { approvalsApi } from '../../api/approvals';
import { paths } from '../../config/paths';
import { formatDayMonthYear } from '../../ui/formatDate';
import { Image } from '../../ui/Image';
import { usePulled } from '../../ui/usePulled';
import { ApprovalCard, ApprovalGrid } from './ApprovalGrid';

/**
 * /admin/approvals/companies (spec 2 §2): the companies awaiting approval (GET /approval/100,
 * oldest first) as cards linking to their overview, each with Review (the overview's
 * mode=review). The route guard lets only Admins in.
 */
export default function CompanyApprovalsPage() {
  const { status, value, retry } = usePulled('approvals:companies', approvalsApi.companies);
  return (
    <ApprovalGrid
      title={<Trans>Company approvals</Trans>}
      intro={<Trans>Companies waiting for approval, oldest first. Review one to approve or reject it.</Trans>}
      status={status}
      items={value}
      failed={<Trans>Failed to fetch company approvals</Trans>}
      empty={<Trans>No companies are waiting for approval</Trans>}
      onRetry={retry}
      itemKey={(company) => company.id}
      renderItem={(company) => {
        const created = formatDayMonthYear(company.createdAt);
        return (
          <ApprovalCard name={company.name} href={paths.companyOverview.href(company.id)} reviewHref={paths.companyOverview.href(company.id, true)}
            image={<Image fileId={company.logoImageUri} width={400} alt="" aspectRatio="16 / 9" />}>
            {company.shortDescription && <p className="line-clamp-3 text-sm text-muted">{company.shortDescription}</p>}
            <p className="text-sm"><span className="text-muted"><Trans>Created</Trans>:</span> <time dateTime={company.createdAt}>{created}</time></p>
            {company.owner && (
              <p className="break-all text-xs text-muted"><Trans>Owner</Trans>: <span data-testid="company-owner">{company.owner.fullName} ({company.owner.email})</span></p>
            )}
          </ApprovalCard>
        );
      }}
    />
  );
}
