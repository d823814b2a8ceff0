import { useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { paths, type CompanyView } from '../../config/paths';
import { ApiError } from '../../api/http';
import { useOwnCompany } from '../../db/own-companies';
import { CompanyStatus, type Company } from '../../domain/companies';
import { session } from '../../state/session';
import { pullOwnCompany } from '../../sync/entities/companies';
import { useRowSyncState } from '../../sync/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { CompanyForm } from './CompanyForm';
import { EMPTY_COMPANY_VALUES, valuesFromCompany } from './companyFormValues';
import { CompanyHub } from './CompanyHub';
import { CompanyStatusChip } from '../../ui/CompanyStatusChip';
import { BackToCompany, ClosedView, ListingsView } from './CompanyViews';
import { useGateReasons } from './gates';
import { useCompanyMessage } from './messages';
import { StatusNotice } from './StatusNotice';

export interface CompanyPageProps {
  /** The Listings view (another feature's screen), handed over by the shell: features do not import each other. */
  listingsView: ComponentType<{ companyId: string }>;
  /** The Events view (another feature's screen), handed over the same way. */
  eventsView: ComponentType<{ companyId: string }>;
  /** The Subscriptions view (plans, tokens, checkout), handed over the same way. */
  subscriptionView: ComponentType<{ companyId: string }>;
}

const VIEWS: readonly CompanyView[] = ['details', 'listings', 'subscription', 'events'];
const isView = (value: string | null): value is CompanyView => (VIEWS as readonly (string | null)[]).includes(value);

/**
 * /company (spec 2 §2): without companyId the create-company form; with it the company's hub, or
 * the view named by `view` (details, listings, subscription, events).
 */
export default function CompanyPage({ listingsView, eventsView, subscriptionView }: CompanyPageProps) {
  const params = new URLSearchParams(useSearch());
  const companyId = params.get('companyId');
  const view = params.get('view');
  const { user } = useSnapshot(session);
  if (!user) return null; // the login guard sends anonymous visitors away first
  if (!companyId) return <CreateCompany userId={user.id} />;
  return <CompanyScreen key={companyId} userId={user.id} companyId={companyId} view={isView(view) ? view : null} listingsView={listingsView} eventsView={eventsView} subscriptionView={subscriptionView} />;
}

function CreateCompany({ userId }: { userId: string }) {
  const [, navigate] = useLocation();
  // Made here, so the company has its final id at once, offline too (POST /company keeps it).
  const [companyId] = useState(() => crypto.randomUUID());
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href={paths.companies.href()} className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
        <span aria-hidden="true">←</span> <Trans>Back to My Companies</Trans>
      </Link>
      <h1 className="mb-6 mt-2 text-3xl font-bold"><Trans>Add Company</Trans></h1>
      <CompanyForm mode="create" companyId={companyId} userId={userId} initial={EMPTY_COMPANY_VALUES}
        cancelHref={paths.companies.href()} onCreated={(id) => navigate(paths.company.href(id))} />
    </div>
  );
}

interface CompanyScreenProps {
  userId: string;
  companyId: string;
  view: CompanyView | null;
  listingsView: ComponentType<{ companyId: string }>;
  eventsView: ComponentType<{ companyId: string }>;
  subscriptionView: ComponentType<{ companyId: string }>;
}

function CompanyScreen({ userId, companyId, view, listingsView, eventsView, subscriptionView }: CompanyScreenProps) {
  const { t } = useLingui();
  const translate = useCompanyMessage();
  const online = useOnline();
  const stored = useOwnCompany(userId, companyId);
  const pulled = usePulled(`${userId}:${companyId}`, () => pullOwnCompany(userId, companyId), { quietReconnect: true });
  const sync = useRowSyncState('company', companyId, userId);
  // The user's own company is read live from the device; an Admin's view of another's comes from the pull.
  const company: Company | null | undefined = stored ?? (stored === null ? pulled.value ?? null : undefined);
  const gate = useGateReasons(company?.status === CompanyStatus.Active);

  if (!company) {
    if (stored === undefined || pulled.status === 'loading') {
      return <div className="flex justify-center py-20"><Spinner size="lg" label={t`Loading...`} /></div>;
    }
    const serverMessage = pulled.error instanceof ApiError && !pulled.error.isNetworkError ? translate(pulled.error.message) : null;
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
        <Alert tone="error" title={t`Something went wrong`}>
          <p>{t`Failed to fetch company`}</p>
          {serverMessage && <p className="mt-1">{serverMessage}</p>}
          {pulled.status === 'offline' && <p className="mt-1">{online ? t`The server could not be reached.` : t`You are offline.`}</p>}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={pulled.retry}><Trans>Try Again</Trans></Button>
          <Link href={paths.companies.href()} className="inline-flex items-center text-sm text-accent hover:underline"><Trans>Back to My Companies</Trans></Link>
        </div>
      </div>
    );
  }

  let body;
  if (view === 'details') {
    body = company.status === CompanyStatus.Deleted
      ? <ClosedView reason={t`Restore the company before editing it`} />
      : <CompanyForm mode="update" companyId={company.id} userId={userId} initial={valuesFromCompany(company)} cancelHref={paths.company.href(company.id)} />;
  } else if (view === 'listings') {
    body = gate.listings ? <ClosedView reason={gate.listings} /> : <ListingsView view={listingsView} companyId={company.id} />;
  } else if (view === 'subscription') {
    body = gate.subscription ? <ClosedView reason={gate.subscription} /> : <ListingsView view={subscriptionView} companyId={company.id} />;
  } else if (view === 'events') {
    // ListingsView loads any handed-over view lazily; the Events view goes through it the same way.
    body = gate.events ? <ClosedView reason={gate.events} /> : <ListingsView view={eventsView} companyId={company.id} />;
  } else {
    body = <CompanyHub companyId={company.id} status={company.status} />;
  }

  const viewTitle = view === 'details' ? t`Company Details` : view === 'listings' ? t`Listings`
    : view === 'subscription' ? t`Subscriptions` : view === 'events' ? t`Events` : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {view ? <BackToCompany companyId={company.id} /> : (
        <Link href={paths.companies.href()} className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
          <span aria-hidden="true">←</span> <Trans>Back to My Companies</Trans>
        </Link>
      )}
      <header className="mb-6 mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{viewTitle ? `${viewTitle}: ${company.name}` : company.name}</h1>
        <CompanyStatusChip status={company.status} />
        {sync !== 'synced' && (
          <span className={`text-sm ${sync === 'pending' ? 'text-accent' : 'text-danger'}`} data-testid="company-sync" data-state={sync}>
            {sync === 'pending' ? t`Waiting to sync` : sync === 'conflict' ? t`Changed elsewhere: review needed` : t`Not saved on the server`}
          </span>
        )}
      </header>
      {/* The listings view says it for its own rows: one note per screen. */}
      {pulled.status === 'offline' && view !== 'listings' && (
        <p role="status" className="mb-4 text-sm text-muted" data-testid="company-stale">
          {online ? <Trans>Could not reach the server. Showing the company saved on this device.</Trans>
            : <Trans>You are offline. Showing the company saved on this device.</Trans>}
        </p>
      )}
      {!view && <StatusNotice company={company} userId={userId} />}
      <div className={view || company.status === CompanyStatus.Active ? '' : 'mt-6'}>{body}</div>
    </div>
  );
}
