import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { anyDirty } from '../../state/dirty-forms';
import { applyUpdate, dismissUpdate, getUpdateState, subscribeUpdateState } from './update-state';

/**
 * "A new version is available" with Reload (and Later). Reload asks first when a form has unsaved
 * changes; nothing reloads without the user's click.
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const { available } = useSyncExternalStore(subscribeUpdateState, getUpdateState, getUpdateState);
  if (!available) return null;

  const reload = () => {
    if (anyDirty() && !window.confirm(t`You have unsaved changes. Reload now and lose them?`)) return;
    applyUpdate();
  };

  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm text-fg shadow-lg"
    >
      <p className="flex-1"><Trans>A new version is available.</Trans></p>
      <button type="button" onClick={dismissUpdate} data-testid="update-later" className="rounded-md px-3 py-1.5 text-muted hover:bg-surface-2">
        <Trans>Later</Trans>
      </button>
      <button type="button" onClick={reload} data-testid="update-reload" className="rounded-md bg-accent px-3 py-1.5 font-semibold text-on-accent hover:bg-accent-strong">
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
