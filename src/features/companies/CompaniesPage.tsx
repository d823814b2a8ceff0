import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredOwnedCompany } from '../../db/database';
import { useOwnCompanies } from '../../db/own-companies';
import { COMPANY_RETENTION_DAYS, COMPANY_STYLES, type CompanyStyle } from '../../domain/companies';
import { session } from '../../state/session';
import { pullOwnCompanies, removeCompany } from '../../sync/entities/companies';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { CompanyCard } from './CompanyCard';
import { useCardStyle } from './cardStyle';
import { companyToast, sendCompanyWrite } from './companyWrites';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';
import { useFailureMessage, useQueuedMessage } from './messages';
import { useRestoreCompany } from './useRestoreCompany';

const SKELETONS = 3;

function StyleSelector({ value, onChange }: { value: CompanyStyle; onChange: (style: CompanyStyle) => void }) {
  const { t } = useLingui();
  const labels: Record<CompanyStyle, string> = { default: t`Default`, minimal: t`Minimal`, elegant: t`Elegant`, modern: t`Modern` };
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only"><Trans>Card style</Trans></legend>
      <span aria-hidden="true" className="text-sm text-muted"><Trans>Card style</Trans></span>
      <div className="inline-flex overflow-hidden rounded-md border border-border">
        {COMPANY_STYLES.map((style) => (
          <label key={style}
            className={`cursor-pointer px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${value === style ? 'bg-accent font-semibold text-on-accent' : 'bg-surface text-fg hover:bg-surface-2'}`}>
            <input type="radio" name="company-card-style" value={style} checked={value === style} onChange={() => onChange(style)} className="sr-only" />
            {labels[style]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * My Companies (spec 2 §2): the user's companies from this device (a pull refreshes them), as cards
 * in the chosen style, with Add Company, Delete (typed-name confirmation) and Restore.
 */
export default function CompaniesPage() {
  const { t } = useLingui();
  const withReason = useFailureMessage();
  const queuedMessage = useQueuedMessage();
  const restoreWithFeedback = useRestoreCompany();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const companies = useOwnCompanies(userId);
  const { status, retry } = usePulled(userId, () => pullOwnCompanies(userId as string), { quietReconnect: true });
  const online = useOnline();
  const [storedStyle, chooseStyle] = useCardStyle();
  const [deleting, setDeleting] = useState<StoredOwnedCompany | null>(null);
  const [busy, setBusy] = useState(false);

  const stored = companies ?? [];
  const failed = status === 'offline' || status === 'error';
  const waiting = companies === undefined || (stored.length === 0 && status === 'loading');

  async function remove(company: StoredOwnedCompany) {
    if (!userId) return;
    setBusy(true);
    try {
      const outcome = await sendCompanyWrite(removeCompany, { id: company.id }, userId);
      if (outcome.state === 'sent') companyToast('delete', company.id, t`Company deleted. You can restore it for ${COMPANY_RETENTION_DAYS} days.`, 'success');
      else if (outcome.state === 'pending') companyToast('delete', company.id, queuedMessage(), 'info');
      else if (outcome.state === 'failed') companyToast('delete', company.id, withReason(t`Failed to delete company`, outcome.entry.lastError), 'error');
    } catch {
      companyToast('delete', company.id, t`Failed to delete company`, 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  async function restore(company: StoredOwnedCompany) {
    if (userId) await restoreWithFeedback(company.id, userId);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold"><Trans>My Companies</Trans></h1>
        <div className="flex flex-wrap items-center gap-4">
          <StyleSelector value={storedStyle} onChange={chooseStyle} />
          <Link href={paths.company.href()} className={buttonClass('primary')}><Trans>Add Company</Trans></Link>
        </div>
      </div>

      {failed && stored.length > 0 && (
        <p role="status" className="mt-3 text-sm text-muted" data-testid="companies-stale">
          {online
            ? <Trans>Could not reach the server. Showing companies saved on this device.</Trans>
            : <Trans>You are offline. Showing companies saved on this device.</Trans>}
        </p>
      )}

      {failed && stored.length === 0 && !waiting ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <Alert tone="error" title={t`Failed to fetch companies`}>
            {status === 'offline' && (online
              ? <Trans>The server could not be reached.</Trans>
              : <Trans>You are offline.</Trans>)}
          </Alert>
          <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
        </div>
      ) : !waiting && stored.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="companies-empty">
          <p className="text-lg"><Trans>You have no companies yet</Trans></p>
          <Link href={paths.company.href()} className={buttonClass('primary')}><Trans>Add Company</Trans></Link>
        </div>
      ) : (
        <>
          {waiting && <p role="status" className="sr-only">{t`Loading...`}</p>}
          <ul className={`mt-6 grid ${storedStyle === 'minimal' ? 'gap-0' : 'gap-6 sm:grid-cols-2 lg:grid-cols-3'}`}
            aria-busy={waiting || undefined} data-testid="companies-list" data-style={storedStyle}>
            {waiting
              ? Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><Skeleton className="h-48" /></li>)
              : stored.map((company) => (
                  <li key={company.id}>
                    <CompanyCard company={company} cardStyle={storedStyle} userId={userId as string}
                      onDelete={setDeleting} onRestore={(c) => void restore(c)} />
                  </li>
                ))}
          </ul>
        </>
      )}

      <DeleteCompanyDialog open={deleting !== null} companyName={deleting?.name ?? ''} busy={busy}
        onClose={() => !busy && setDeleting(null)} onConfirm={() => deleting && void remove(deleting)} />
    </div>
  );
}
