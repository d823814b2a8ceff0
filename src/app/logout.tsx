import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { logout, session } from '../state/session';
import { lazyComponent } from '../ui/lazyComponent';
import { LazyPart } from '../ui/LazyPart';
import { useNeedsConnectionNotice } from '../ui/connectionNotices';

const loadUnsent = () => import('../sync/unsent');

/** Set while the user is asked whether to log out with changes not yet sent. */
const confirmation = proxy<{ unsent: number }>({ unsent: 0 });

/**
 * Logout, but first a warning when the user has changes in the outbox: they stay on this device
 * and go when the same user logs in again (never under another user).
 */
export async function requestLogout(): Promise<void> {
  const userId = session.user?.id;
  let unsent = 0;
  if (userId) {
    try {
      // Loaded on demand (LogoutConfirmation fetches it ahead): the outbox lives in Dexie.
      const { unsentCount } = await loadUnsent();
      unsent = await unsentCount(userId);
    } catch {
      unsent = 0;
    }
  }
  if (unsent > 0) confirmation.unsent = unsent;
  else await logout();
}

// The dialog (Headless UI) is not part of the first load: it is fetched once someone logs in.
const LogoutDialog = lazyComponent(() => import('./LogoutDialog'));

export function LogoutConfirmation() {
  const { unsent } = useSnapshot(confirmation);
  const { user } = useSnapshot(session);
  const needsConnection = useNeedsConnectionNotice();
  // Fetched while someone is logged in, so the warning works offline even before the worker has
  // cached these chunks; a failed count would log out without it.
  const loggedIn = Boolean(user);
  useEffect(() => {
    if (!loggedIn) return;
    void loadUnsent().catch(() => undefined);
    void LogoutDialog.preload().catch(() => undefined);
  }, [loggedIn]);
  if (unsent === 0) return null;
  const close = () => {
    confirmation.unsent = 0;
  };
  return (
    <LazyPart onFailed={() => {
      close();
      needsConnection();
    }}>
      <LogoutDialog unsent={unsent} onStay={close} onLogout={() => { close(); void logout(); }} />
    </LazyPart>
  );
}
