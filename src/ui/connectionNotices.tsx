import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../state/snackbar';
import { SAVED_LISTINGS_OFFLINE_MESSAGE } from './offline-banner';

/**
 * Texts about the connection that several screens show, written once so they read the same
 * everywhere (and a translation is done once).
 */

/** The note above listings shown from this device because the server could not be reached. */
export function SavedListingsNote({ offline }: { offline: boolean }) {
  const { i18n } = useLingui();
  return offline
    ? i18n._(SAVED_LISTINGS_OFFLINE_MESSAGE)
    : <Trans>Could not reach the server. Showing listings saved on this device.</Trans>;
}

/** Says that a part of the app that was never loaded needs the network once (a lazy chunk failed offline). */
export function useNeedsConnectionNotice(): () => void {
  const { t } = useLingui();
  return () => notify(t`This needs a connection the first time. Try again when you are back online.`, { severity: 'error', key: 'needs-connection' });
}
