import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstView, importWhenPossible } from '../after-first-view';
import { InstallButton } from './InstallButton';
import { getInstallPrompt, subscribeInstallPrompt } from './install-prompt';
import { IosInstallHint } from './IosInstallHint';
import { UpdatePrompt } from './UpdatePrompt';

const none = () => null;

/**
 * The app's PWA surface, mounted once in App: registers the service worker once the first view is
 * done (production builds only; the registration code is its own chunk), shows the update prompt, and a
 * slim strip above the footer with Install (when the browser offers it) or the iOS how-to.
 */
export function PwaUi() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    afterFirstView(() => {
      void importWhenPossible(() => import('./register')).then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
    });
  }, []);
  const offer = useSyncExternalStore(subscribeInstallPrompt, getInstallPrompt, none);

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 empty:hidden">
        {offer ? (
          <div className="flex items-center justify-end gap-3 py-3" data-testid="install-strip">
            <InstallButton />
          </div>
        ) : (
          <IosInstallHint />
        )}
      </div>
      <UpdatePrompt />
    </>
  );
}
