import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { getInstallPrompt, promptInstall, subscribeInstallPrompt } from './install-prompt';

const none = () => null;

/** "Install app", shown only while the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const offer = useSyncExternalStore(subscribeInstallPrompt, getInstallPrompt, none);
  if (!offer) return null;
  return (
    <button
      type="button"
      onClick={() => void promptInstall()}
      data-testid="install-button"
      className="rounded-md border border-accent px-3 py-1.5 text-sm font-semibold text-accent hover:bg-surface-2"
    >
      <Trans>Install app</Trans>
    </button>
  );
}
