import { lazy, Suspense } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { logout, session } from '../state/session';

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
      // Loaded on demand: the outbox lives in Dexie, which is not part of the first load.
      const { unsentCount } = await import('../sync/unsent');
      unsent = await unsentCount(userId);
    } catch {
      unsent = 0;
    }
  }
  if (unsent > 0) confirmation.unsent = unsent;
  else await logout();
}

// The dialog (Headless UI) loads only when it is needed.
const LogoutDialog = lazy(() => import('./LogoutDialog'));

export function LogoutConfirmation() {
  const { unsent } = useSnapshot(confirmation);
  if (unsent === 0) return null;
  const close = () => {
    confirmation.unsent = 0;
  };
  return (
    <Suspense fallback={null}>
      <LogoutDialog unsent={unsent} onStay={close} onLogout={() => { close(); void logout(); }} />
    </Suspense>
  );
}
