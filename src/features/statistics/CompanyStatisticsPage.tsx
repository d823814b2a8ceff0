import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { paths } from '../../config/paths';
import { isoDate, type ListingSeries } from '../../domain/statistics';
import { session } from '../../state/session';
import { Alert } from '../../ui/Alert';
import { buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { BUCKET_LABELS, STATISTICS_METRICS, useStatisticsFormat } from '../../ui/charts/statisticsMetrics';
import { useOnline } from '../../ui/useConnection';
import { ListingPicker, RangePicker } from './StatisticsControls';
import { FigureViewToggle, ListingSeriesCard, UniqueVisitorsSection, type FigureView } from './StatisticsFigures';
import { StatisticsTotals, type StatisticsTotalsValues } from '../../ui/charts/StatisticsTotals';
import { rangeOf, readChoice, savedUniqueVisitorsKey, savedViewKey, writeChoice, type RangeChoice } from './range';
import { FailedFigures } from './FailedFigures';
import {
  useStatistics, useUniqueVisitors, type SavedPullState, type StatisticsFailure, type StatisticsSnapshot, type UniqueVisitors,
} from './useStatistics';

/** The six totals of the snapshot: the selected listing's counts, or the company's. */
function totalsOf(snapshot: StatisticsSnapshot): StatisticsTotalsValues {
  const values = {} as StatisticsTotalsValues;
  for (const m of STATISTICS_METRICS) values[m.id] = snapshot.listing ? snapshot.listing[m.count] : snapshot.company[m.total];
  return values;
}

function LoadingFigures() {
  return (
    <div aria-hidden="true" data-testid="statistics-loading" className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {STATISTICS_METRICS.map((m) => <Skeleton key={m.id} className="h-20" />)}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

function Notice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p role="status" className="rounded-lg border border-border bg-surface p-6 text-center text-muted" data-testid={testId}>{children}</p>
  );
}

/** Why no figures show, with what the visitor can do about it. */
function Failure({ failure, onRetry }: { failure: StatisticsFailure; onRetry: () => void }) {
  const [location] = useLocation();
  const [params] = useSearchParams();
  if (failure === 'login') return <LoginPrompt returnTo={`${location}?${params.toString()}`} />;
  if (failure === 'forbidden') {
    return (
      <Alert tone="error" title={<Trans>You do not have access to this company's statistics.</Trans>}>
        <p><Trans>Only the company's owner and administrators can see them.</Trans></p>
      </Alert>
    );
  }
  if (failure === 'notFound') return <Alert tone="error" title={<Trans>Company not found</Trans>} />;
  return (
    <FailedFigures title={<Trans>Failed to load company statistics</Trans>} unreachable={failure === 'offline'} onRetry={onRetry} testId="statistics-error" />
  );
}

function LoginPrompt({ returnTo }: { returnTo: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-border bg-surface p-6" data-testid="statistics-login">
      <p><Trans>Log in as the company's owner to see its statistics.</Trans></p>
      <Link href={paths.login.href(returnTo)} className={buttonClass('primary')}><Trans>Log in</Trans></Link>
    </div>
  );
}

/** The figures of one snapshot: totals, the series of each listing shown, then the unique visitors as they come. */
function Figures({ snapshot, listingId, unique }: { snapshot: StatisticsSnapshot; listingId: string | null; unique: SavedPullState<UniqueVisitors> }) {
  const { t } = useLingui();
  const format = useStatisticsFormat();
  const [view, setView] = useState<FigureView>('chart');
  const { company } = snapshot;
  const rangeText = format.range(company.startDate, company.endDate);
  const aggregation = format.label(BUCKET_LABELS[company.bucket]);
  const shown = company.listingStatistics.filter((l) => !listingId || l.listingId === listingId);
  const names = useMemo(() => new Map(company.listingStatistics.map((l) => [l.listingId, l.listingName])), [company]);

  if (company.listingStatistics.length === 0) return <Notice testId="statistics-empty"><Trans>No statistics available</Trans></Notice>;
  if (listingId && shown.length === 0) {
    return <Notice testId="statistics-empty"><Trans>No statistics available for the selected listing</Trans></Notice>;
  }
  const totals = totalsOf(snapshot);
  const listingName = shown[0]!.listingName;
  const nothing = Object.values(totals).every((n) => n === 0);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="statistics-totals-title">
        <h2 id="statistics-totals-title" className="mb-3 text-xl font-semibold">
          {listingId ? t`Totals for ${listingName}` : t`Totals for all listings`}
        </h2>
        <StatisticsTotals values={totals} />
      </section>

      <section aria-labelledby="statistics-series-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="statistics-series-title" className="text-xl font-semibold">
            <Trans>Activity over time</Trans>{' '}
            <span className="text-base font-normal text-muted" data-testid="statistics-bucket">({aggregation})</span>
          </h2>
          {!nothing && <FigureViewToggle view={view} onChange={setView} />}
        </div>
        {nothing ? (
          <Notice testId="statistics-empty">
            {listingId ? <Trans>No statistics available for the selected listing</Trans> : <Trans>No statistics available</Trans>}
          </Notice>
        ) : (
          <div className="grid gap-4">
            {shown.map((series) => (
              <ListingSeriesCard key={series.listingId} series={series} bucket={company.bucket} rangeText={rangeText} view={view} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="statistics-unique-title">
        <h2 id="statistics-unique-title" className="mb-3 text-xl font-semibold"><Trans>Unique visitors</Trans></h2>
        <UniqueVisitorsSection state={unique} shown={shown} names={names} />
      </section>
    </div>
  );
}

/** The day the presets end on: today in UTC, as the server counts days (re-read on each render). */
const todayIso = () => isoDate(new Date());

/**
 * /company-statistics?companyId={id}[&listingId={id}] (spec 2 §2): the statistics dashboard. Public
 * as a route, but the figures are the owner's or an Admin's: anyone else is asked to log in or told
 * they have no access. The range is in the address (range.ts); the figures last seen for each
 * company, listing and range open offline.
 */
export default function CompanyStatisticsPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const [location] = useLocation();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const companyId = params.get('companyId') ?? '';
  const listingId = params.get('listingId') || null;
  const choice = readChoice(params);
  const today = todayIso();
  const now = useMemo(() => new Date(`${today}T12:00:00Z`), [today]);
  const range = rangeOf(choice, now);
  const savedKey = savedViewKey(companyId, listingId, choice);
  const state = useStatistics(userId, companyId, listingId, companyId ? range : null, savedKey);
  const format = useStatisticsFormat();
  const online = useOnline();

  // The unique visitors are asked for once the company's figures for the range are on screen, so
  // they never hold those up; switching the listing keeps them (one answer covers every listing).
  const uniqueScope = companyId && range ? `${companyId}|${range.startDate}|${range.endDate}` : null;
  const [figuresShownFor, setFiguresShownFor] = useState<string | null>(null);
  if (state.value && uniqueScope !== figuresShownFor && uniqueScope) setFiguresShownFor(uniqueScope);
  const unique = useUniqueVisitors(userId, companyId, uniqueScope && uniqueScope === figuresShownFor ? range : null, savedUniqueVisitorsKey(companyId, choice));

  // The listing picker keeps the names it last saw while the next range loads.
  const answered = state.value?.company.listingStatistics;
  const [knownListings, setKnownListings] = useState<ListingSeries[]>([]);
  if (answered && answered !== knownListings) setKnownListings(answered);

  if (!companyId) return <Redirect to={paths.companies.href()} replace />;

  const setChoice = (next: RangeChoice) => setParams((prev) => writeChoice(prev, next), { replace: true });
  const setListing = (id: string | null) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (id) next.set('listingId', id);
    else next.delete('listingId');
    return next;
  }, { replace: true });

  let body: ReactNode;
  if (!userId) body = <LoginPrompt returnTo={`${location}?${params.toString()}`} />;
  else if (!range) body = <Notice testId="statistics-invalid-range"><Trans>Correct the dates to see the figures.</Trans></Notice>;
  else if (state.value) body = <Figures snapshot={state.value} listingId={listingId} unique={unique} />;
  else if (state.failure) body = <Failure failure={state.failure} onRetry={state.retry} />;
  else body = <LoadingFigures />;

  const saved = state.savedAt !== null && state.value ? state.value : null;
  const savedWhen = saved ? format.dateTime(state.savedAt!) : '';
  // Saved figures of a preset may be of an earlier day's range: the heading says the one they cover.
  const shownRange = saved ? saved.company : range;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" aria-busy={state.loading || undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold"><Trans>Company Statistics</Trans></h1>
          {shownRange && (
            <p className="mt-1 text-sm text-muted" data-testid="statistics-range">
              {format.range(shownRange.startDate, shownRange.endDate)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={paths.company.href(companyId, 'listings')} className={buttonClass('secondary')}><Trans>Back to Listings</Trans></Link>
          <Link href={paths.companyAnalytics.href(companyId)} className={buttonClass('secondary')}><Trans>Analytics report</Trans></Link>
        </div>
      </div>

      {userId && (
        <div className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 lg:flex-row lg:items-start lg:justify-between">
          <RangePicker choice={choice} range={range} now={now} onChange={setChoice} />
          <ListingPicker listings={knownListings} listingId={listingId} onChange={setListing} />
        </div>
      )}

      {saved && (
        <p role="status" className="rounded-md border border-border bg-surface px-4 py-3 text-sm text-muted" data-testid="statistics-saved-note">
          {online ? t`Figures from ${savedWhen}; the server could not be reached.` : t`Figures from ${savedWhen}; you are offline.`}
        </p>
      )}
      {state.loading && <p role="status" className="sr-only"><Trans>Loading statistics…</Trans></p>}

      {body}
    </div>
  );
}
