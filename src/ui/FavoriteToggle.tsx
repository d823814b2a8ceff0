import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../config/paths';
import { recordListingEvent } from '../api/statistics';
import { session } from '../state/session';
import { notify } from '../state/snackbar';
import { loadData } from '../db/live';
import { useRowSyncState } from '../sync/hooks';

export interface FavoriteToggleProps {
  listing: { id: string; name: string };
  isFavorite: boolean;
  /** 'icon' on cards; 'button' (icon and label) on the listing page. */
  variant?: 'icon' | 'button';
}

/**
 * The heart on a listing. Anonymous users go to login and come back. For a user it flips at once,
 * online or not: the change is applied in Dexie and queued (sync/outbox); a dot shows while it
 * waits to be sent, and a red one if the server refused it (the unsent-changes panel says why).
 */
export function FavoriteToggle({ listing, isFavorite, variant = 'icon' }: FavoriteToggleProps) {
  const { t } = useLingui();
  const { user } = useSnapshot(session);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [busy, setBusy] = useState(false);
  const syncState = useRowSyncState('favorites', listing.id, user?.id);

  const returnTo = search ? `${location}?${search}` : location;
  const toggle = async () => {
    if (!user) {
      navigate(paths.login.href(returnTo));
      return;
    }
    const next = !isFavorite;
    setBusy(true);
    // The mirror may not be loaded yet (the first view of a server-rendered page): the write waits for it.
    await loadData();
    const [{ queueWrite, StorageFullError }, { askPersistentStorage }, { addFavorite, removeFavorite }] = await Promise.all([
      import('../sync/outbox'), import('../sync/persist'), import('../sync/entities/favorites'),
    ]);
    try {
      await queueWrite(next ? addFavorite : removeFavorite, { listingId: listing.id }, user.id);
      if (next) {
        void recordListingEvent(listing.id, 'favorite');
        void askPersistentStorage();
      }
    } catch (error) {
      notify(error instanceof StorageFullError
        ? t`This device is out of storage space. Free some space and try again; your other unsent changes are kept.`
        : next ? t`Failed to add favorite` : t`Failed to remove favorite`, { severity: 'error', key: `favorite:${listing.id}` });
    } finally {
      setBusy(false);
    }
  };

  const label = isFavorite ? t`Remove ${listing.name} from favorites` : t`Add ${listing.name} to favorites`;
  const syncNote = syncState === 'pending' ? t`Waiting to sync` : syncState === 'synced' ? null : t`Not saved on the server`;
  const dot = syncNote && (
    <span data-testid="favorite-sync" data-state={syncState} title={syncNote}
      className={`absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-surface ${syncState === 'pending' ? 'bg-accent' : 'bg-danger'}`}>
      <span className="sr-only">{syncNote}</span>
    </span>
  );
  const heart = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill={isFavorite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );

  // An anonymous visitor's heart is a GET form to the login page, so it works on a server-rendered
  // page before the app has hydrated (about a second on a phone); once hydrated, the app navigates.
  const press = user ? { type: 'button' as const, onClick: () => void toggle() } : { type: 'submit' as const };
  const button = variant === 'button' ? (
    <button {...press} disabled={busy} aria-pressed={isFavorite}
      className={`relative inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${isFavorite ? 'text-accent' : 'text-fg'}`}>
      {heart}
      <span>{isFavorite ? t`Saved to favorites` : t`Save to favorites`}</span>
      {dot}
    </button>
  ) : (
    <button {...press} disabled={busy} aria-pressed={isFavorite} aria-label={syncNote ? `${label} (${syncNote})` : label} title={label}
      data-testid="favorite-toggle"
      className={`relative flex h-10 w-10 items-center justify-center rounded-full bg-black/60 shadow hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${isFavorite ? 'text-accent' : 'text-white'}`}>
      {heart}
      {dot}
    </button>
  );
  if (user) return button;
  return (
    <form method="get" action={paths.login.path} className="contents" onSubmit={(event) => { event.preventDefault(); void toggle(); }}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {button}
    </form>
  );
}
