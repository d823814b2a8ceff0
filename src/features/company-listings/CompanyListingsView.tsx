import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredOwnedListing } from '../../db/database';
import { useOwnListings } from '../../db/own-listings';
import { SNACKBAR_MS } from '../../domain/constants';
import { session } from '../../state/session';
import { notify } from '../../state/snackbar';
import { useRowSyncState } from '../../sync/hooks';
import { StorageFullError, queueWrite } from '../../sync/outbox';
import { pullCompanyListings, removeListing } from '../../sync/entities/listings';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FileImage } from '../../ui/FileImage';
import { ListingStatusBadge } from '../../ui/ListingStatusBadge';
import { SyncStateNote } from '../../ui/SyncStateNote';
import { usePulled } from '../../ui/usePulled';
import { useOnline } from '../../ui/useConnection';

export interface CompanyListingsViewProps {
  companyId: string;
}

function ListingRow({ listing, userId, onDelete }: { listing: StoredOwnedListing; userId: string; onDelete: (listing: StoredOwnedListing) => void }) {
  const { t } = useLingui();
  const syncState = useRowSyncState('listing', listing.id, userId);
  const viewHref = paths.companyListing.href(listing.companyId, 'view', listing.id);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface" data-testid="company-listing-card">
      <FileImage fileId={listing.cardImageUri} width={400} alt={listing.name} aspectRatio="16 / 9" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatusBadge status={listing.status} labels="listings" />
          <SyncStateNote state={syncState} />
        </div>
        <h3 className="text-lg font-semibold leading-snug">{listing.name}</h3>
        {listing.shortDescription && <p className="line-clamp-2 text-sm text-muted">{listing.shortDescription}</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link href={viewHref} className={buttonClass('secondary')} aria-label={t`Edit ${listing.name}`}>
            <Trans>Edit</Trans>
          </Link>
          <Link href={paths.companyStatistics.href(listing.companyId, listing.id)} className={buttonClass('secondary')}
            aria-label={t`Statistics of ${listing.name}`}>
            <Trans>Statistics</Trans>
          </Link>
          <Button variant="danger" onClick={() => onDelete(listing)} aria-label={t`Delete ${listing.name}`}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * A company's listings as its owner manages them (spec 2 §2 "Listings view of a company"): every
 * status with its badge and sync state, edit, delete (with a confirmation) and statistics, plus
 * Company Statistics and Create New Listing. Rendered by the company hub for view=listings.
 */
export default function CompanyListingsView({ companyId }: CompanyListingsViewProps) {
  const { t } = useLingui();
  const { user } = useSnapshot(session);
  const online = useOnline();
  const userId = user?.id ?? null;
  const listings = useOwnListings(companyId, userId);
  const pulled = usePulled(userId ? `company-listings:${companyId}:${userId}` : null, () => pullCompanyListings(companyId, userId!));
  const [deleting, setDeleting] = useState<StoredOwnedListing | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting || !userId) return;
    setBusy(true);
    try {
      await queueWrite(removeListing, { id: deleting.id, name: deleting.name }, userId);
      setDeleting(null);
    } catch (error) {
      notify(error instanceof StorageFullError
        ? t`This device is out of storage space. Free some space and try again; your other unsent changes are kept.`
        : t`Failed to delete listing`, { key: `listing:delete:${deleting.id}`, severity: 'error', durationMs: SNACKBAR_MS });
    } finally {
      setBusy(false);
    }
  };

  const stored = listings ?? [];
  let content;
  if (stored.length > 0) {
    content = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stored.map((listing) => <ListingRow key={listing.id} listing={listing} userId={userId!} onDelete={setDeleting} />)}
      </ul>
    );
  } else if (listings === undefined || pulled.status === 'loading') {
    content = <p role="status" className="text-muted"><Trans>Loading...</Trans></p>;
  } else if (pulled.status === 'offline' || pulled.status === 'error') {
    const reason = pulled.error instanceof Error ? pulled.error.message : String(pulled.error);
    content = (
      <div role="alert" className="flex flex-col items-start gap-3 text-danger">
        <p><Trans>Error: {reason}</Trans></p>
        <Button variant="secondary" onClick={pulled.retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-12 text-center">
        <p className="font-semibold"><Trans>No listings yet</Trans></p>
        <p className="text-sm text-muted"><Trans>Create your first listing to show your services to visitors.</Trans></p>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-6" aria-labelledby="company-listings-title">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="company-listings-title" className="text-2xl font-semibold"><Trans>Listings</Trans></h2>
        <div className="flex flex-wrap gap-2">
          <Link href={paths.companyStatistics.href(companyId)} className={buttonClass('secondary')}><Trans>Company Statistics</Trans></Link>
          <Link href={paths.companyListing.href(companyId, 'create')} className={buttonClass('primary')}><Trans>Create New Listing</Trans></Link>
        </div>
      </header>
      {stored.length > 0 && (pulled.status === 'offline' || pulled.status === 'error') && (
        <p role="status" className="text-sm text-muted" data-testid="listings-stale">
          {online ? <Trans>Could not reach the server. Showing the listings saved on this device.</Trans>
            : <Trans>You are offline. Showing the listings saved on this device.</Trans>}
        </p>
      )}
      {content}
      <Dialog open={deleting !== null} onClose={() => !busy && setDeleting(null)} title={t`Delete listing`} size="sm"
        description={<Trans>Are you sure you want to delete this listing?</Trans>}
        actions={(
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={busy}><Trans>Cancel</Trans></Button>
            <Button variant="danger" onClick={() => void confirmDelete()} loading={busy}><Trans>Delete</Trans></Button>
          </>
        )}>
        {deleting && <p className="font-semibold">{deleting.name}</p>}
      </Dialog>
    </section>
  );
}
