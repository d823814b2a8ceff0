import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { paths } from '../../config/paths';
import { isAdmin, session } from '../../state/session';
import { Alert } from '../../ui/Alert';
import { ApprovalBar } from '../../ui/ApprovalBar';
import { Button, buttonClass } from '../../ui/Button';
import { useOnline } from '../../ui/useConnection';
import { CompanyListings } from './CompanyListings';
import { CompanyProfile, CompanyRecord } from './CompanyProfile';
import { usePublicCompany, useReviewCompany, type OverviewState } from './useCompanyOverview';

function Loading() {
  return (
    <div className="mx-auto flex max-w-xl justify-center px-4 py-20" aria-busy="true">
      <p role="status" className="flex items-center gap-2 text-muted" data-testid="company-loading">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
        <Trans>Loading company information...</Trans>
      </p>
    </div>
  );
}

/** Not found, or the load failed with nothing stored to show (offline notice or the server's failure). */
function Unavailable({ state, onRetry }: { state: Exclude<OverviewState, 'loading' | 'done'>; onRetry: () => void }) {
  const online = useOnline();
  if (state === 'notFound') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="company-not-found">
        <h1 className="text-2xl font-semibold"><Trans>Company not found</Trans></h1>
        <p className="text-muted"><Trans>This company does not exist or is not public.</Trans></p>
        <Link href={paths.listings.href()} className={buttonClass('primary')}><Trans>Browse listings</Trans></Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="company-unavailable">
      <h1 className="text-2xl font-semibold"><Trans>Could not load this company</Trans></h1>
      {state === 'offline' ? (
        <Alert tone="error">
          {online
            ? <Trans>Could not reach the server, and this company is not saved on this device.</Trans>
            : <Trans>You are offline, and this company is not saved on this device.</Trans>}
        </Alert>
      ) : (
        <Alert tone="error"><Trans>Failed to fetch company</Trans></Alert>
      )}
      <Button onClick={onRetry}><Trans>Try Again</Trans></Button>
    </div>
  );
}

/** The public overview: the company from Dexie (pulled on mount), the saved copy when the pull fails. */
function PublicOverview({ companyId }: { companyId: string }) {
  const { company, state, retry } = usePublicCompany(companyId);
  if (company) {
    const stale = state === 'offline' || state === 'error';
    return (
      <CompanyProfile company={company} listings={<CompanyListings companyId={company.id} />}
        notice={stale && (
          <p role="status" className="mt-4 rounded-md border border-border bg-surface px-4 py-3 text-sm text-muted">
            <Trans>Could not reach the server. Showing the copy saved on this device.</Trans>
          </p>
        )} />
    );
  }
  // 'done' with the row not read back yet is still loading for the screen.
  if (state === 'loading' || state === 'done') return <Loading />;
  return <Unavailable state={state} onRetry={retry} />;
}

/**
 * The Admin's review (mode=review): the full record from the server, any status, with the Approve
 * and Reject bars. Needs the server: nothing of it is stored on the device.
 */
function ReviewOverview({ companyId }: { companyId: string }) {
  const { company, state, retry } = useReviewCompany(companyId);
  if (company) {
    return (
      <>
        <CompanyProfile company={company} record={<CompanyRecord company={company} />}
          listings={<CompanyListings companyId={company.id} />} />
        <ApprovalBar subject="company" id={company.id} name={company.name} />
      </>
    );
  }
  if (state === 'loading' || state === 'done') return <Loading />;
  return <Unavailable state={state} onRetry={retry} />;
}

/**
 * /company-overview?companyId={id} (spec 2 §2), public. With mode=review an Admin gets the review
 * of the company with the Approve and Reject bars; anyone else sees the public page.
 */
export default function CompanyOverviewPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const { user } = useSnapshot(session);
  const review = params.get('mode') === 'review' && isAdmin(user);
  // Keyed on mode and company: each reads its own source, and a new company starts afresh.
  return review
    ? <ReviewOverview key={`review:${companyId}`} companyId={companyId} />
    : <PublicOverview key={`public:${companyId}`} companyId={companyId} />;
}
