import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredOwnedCompany } from '../../db/database';
import { CompanyStatus, type CompanyStyle } from '../../domain/companies';
import { useRowSyncState, type EntitySyncState } from '../../sync/hooks';
import { Button } from '../../ui/Button';
import { FileImage } from '../../ui/FileImage';
import { CompanyStatusChip } from '../../ui/CompanyStatusChip';
import { removalDate, useOpenedAt } from './retention';

export interface CompanyCardProps {
  company: StoredOwnedCompany;
  cardStyle: CompanyStyle;
  userId: string;
  onDelete: (company: StoredOwnedCompany) => void;
  onRestore: (company: StoredOwnedCompany) => void;
}

/** The look of each card style (spec 2 §2): each is visibly its own, in light and dark. */
const LOOK: Record<CompanyStyle, { card: string; body: string; name: string; description: string; logo: 'top' | 'side' | 'none' }> = {
  default: {
    card: 'flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-sm',
    body: 'flex flex-1 flex-col gap-2 p-4',
    name: 'text-lg font-semibold',
    description: 'text-sm text-muted',
    logo: 'top',
  },
  minimal: {
    card: 'flex flex-col border-b border-border py-3',
    body: 'flex flex-1 flex-col gap-1',
    name: 'text-base font-medium',
    description: 'text-sm text-muted line-clamp-1',
    logo: 'none',
  },
  elegant: {
    card: 'flex flex-col overflow-hidden rounded-xl border-t-4 border-accent bg-surface-2 text-center shadow-md',
    body: 'flex flex-1 flex-col items-center gap-3 px-6 py-8',
    name: 'font-serif text-2xl italic tracking-wide',
    description: 'font-serif text-sm italic text-muted',
    logo: 'none',
  },
  modern: {
    card: 'flex flex-row overflow-hidden rounded-2xl bg-gradient-to-br from-surface-2 to-surface shadow-lg ring-1 ring-accent/40',
    body: 'flex flex-1 flex-col gap-2 p-4',
    name: 'text-lg font-black uppercase tracking-wider',
    description: 'text-sm text-muted',
    logo: 'side',
  },
};

function SyncBadge({ state }: { state: EntitySyncState }) {
  const { t } = useLingui();
  if (state === 'synced') return null;
  const text = state === 'pending' ? t`Waiting to sync` : state === 'conflict' ? t`Changed elsewhere: review needed` : t`Not saved on the server`;
  return (
    <span data-testid="company-sync" data-state={state}
      className={`inline-flex items-center gap-1.5 text-xs font-medium ${state === 'pending' ? 'text-accent' : 'text-danger'}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${state === 'pending' ? 'bg-accent' : 'bg-danger'}`} />
      {text}
    </span>
  );
}

/**
 * One of the user's companies on /companies: name (the link to its hub, covering the card), status,
 * its sync state and Delete, or for a Deleted company when it goes for good and Restore.
 */
export function CompanyCard({ company, cardStyle, userId, onDelete, onRestore }: CompanyCardProps) {
  const { t, i18n } = useLingui();
  const sync = useRowSyncState('company', company.id, userId);
  const now = useOpenedAt();
  const look = LOOK[cardStyle];
  const deleted = company.status === CompanyStatus.Deleted;
  const removal = deleted ? removalDate(company.deletedAt) : null;
  const restorable = deleted && sync !== 'pending' && (removal === null || removal.getTime() > now);

  let actions: ReactNode = null;
  if (deleted) {
    actions = restorable && (
      <Button variant="secondary" className="relative z-10" onClick={() => onRestore(company)}
        aria-label={t`Restore ${company.name}`}>
        <Trans>Restore</Trans>
      </Button>
    );
  } else {
    actions = (
      <Button variant="danger" className="relative z-10" onClick={() => onDelete(company)} aria-label={t`Delete ${company.name}`}>
        <Trans>Delete</Trans>
      </Button>
    );
  }

  const logo = look.logo !== 'none' && (
    <FileImage fileId={company.logoImageUri} width={400} alt="" aspectRatio={look.logo === 'top' ? '16 / 9' : '1 / 1'}
      className={look.logo === 'top' ? 'w-full' : 'w-28 shrink-0 self-stretch object-cover'} />
  );

  return (
    <article className={`relative h-full ${look.card}`} data-testid="company-card" data-style={cardStyle} data-company-id={company.id}>
      {logo}
      <div className={look.body}>
        <div className={`flex flex-wrap items-center gap-2 ${cardStyle === 'elegant' ? 'justify-center' : 'justify-between'}`}>
          <h2 className={look.name}>
            <Link href={paths.company.href(company.id)}
              className="text-fg after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent">
              {company.name}
            </Link>
          </h2>
          <CompanyStatusChip status={company.status} />
        </div>
        {company.shortDescription && <p className={look.description}>{company.shortDescription}</p>}
        <SyncBadge state={sync} />
        {deleted && removal && (
          <p className="text-sm text-danger" data-testid="company-removal">
            {removal.getTime() > now
              ? <Trans>Will be removed on {i18n.date(removal, { dateStyle: 'long' })}</Trans>
              : <Trans>Scheduled for removal</Trans>}
          </p>
        )}
        {actions && <div className={`mt-auto flex pt-2 ${cardStyle === 'elegant' ? 'justify-center' : 'justify-end'}`}>{actions}</div>}
      </div>
    </article>
  );
}
