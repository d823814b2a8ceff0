import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { analyticsApi } from '../../api/analytics';
import { companiesApi } from '../../api/companies';
import { ApiError } from '../../api/http';
import { paths } from '../../config/paths';
import type { AnalyticsReportInfo } from '../../domain/analytics';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { usePulled } from '../../ui/usePulled';
import { BuiltInReport } from './BuiltInReport';
import { PowerBiReport } from './PowerBiReport';

/** The configured report; a 404 (no Power BI on this server) is "none configured" like a null id. */
async function configuredReport(): Promise<AnalyticsReportInfo> {
  try {
    return await analyticsApi.report();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { reportId: null };
    throw error;
  }
}

class CompanyNotFound extends Error {}

async function loadPage(companyId: string) {
  const [company, report] = await Promise.all([
    companiesApi.get(companyId).catch((error: unknown) => {
      // 400 is the server's answer for an id that is not one: no such company either.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new CompanyNotFound();
      throw error;
    }),
    configuredReport(),
  ]);
  return { company, reportId: report.reportId };
}

function Frame({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" aria-busy={busy || undefined}>{children}</div>;
}

/**
 * The company's analytics (our route /company-analytics?companyId, login required; spec 2 leaves it
 * open). With a Power BI report configured on the server it embeds that report; without one it
 * shows a built-in report from the statistics API.
 */
export default function CompanyAnalyticsPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const { status, value, error, retry } = usePulled(companyId || null, () => loadPage(companyId));

  if (!companyId) {
    return <Frame><Alert tone="error" title={<Trans>No company ID provided</Trans>} /></Frame>;
  }
  if (error instanceof CompanyNotFound) {
    return (
      <Frame>
        <Alert tone="error" title={<Trans>Company not found</Trans>} />
        <Link href={paths.companies.href()} className={`${buttonClass('secondary')} self-start`}><Trans>My Companies</Trans></Link>
      </Frame>
    );
  }
  if (status === 'offline' || status === 'error') {
    return (
      <Frame>
        <div className="flex flex-col items-start gap-3" data-testid="analytics-load-error">
          <Alert tone="error" title={<Trans>Failed to load company data or Power BI report</Trans>}>
            {status === 'offline' && <p><Trans>The server could not be reached. The report shows when you are back online.</Trans></p>}
          </Alert>
          <Button variant="secondary" onClick={retry}><Trans>Retry</Trans></Button>
        </div>
      </Frame>
    );
  }
  if (!value) {
    return (
      <Frame busy>
        <p role="status" className="sr-only"><Trans>Loading…</Trans></p>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-96" />
      </Frame>
    );
  }

  const { company, reportId } = value;
  return (
    <Frame>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold"><Trans>Analytics</Trans></h1>
          <p className="mt-1 text-muted break-words" data-testid="analytics-company">{company.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={paths.company.href(companyId)} className={buttonClass('secondary')}><Trans>Back to Company</Trans></Link>
          <Link href={paths.companyStatistics.href(companyId)} className={buttonClass('secondary')}><Trans>Company Statistics</Trans></Link>
        </div>
      </div>
      {reportId
        ? <PowerBiReport reportId={reportId} companyId={companyId} companyName={company.name} />
        : <BuiltInReport companyId={companyId} />}
    </Frame>
  );
}
