import { lazyComponent } from './lazyComponent';
import { LazyPart } from './LazyPart';
import { useNeedsConnectionNotice } from './connectionNotices';
import type { DialogProps } from './Dialog';
import { useFocusReturn } from './useFocusReturn';

// Headless UI's dialog (its dialog and portal chunks, ~17 KB gzip) is fetched when a dialog
// first opens, not with the screen: a public page that offers one (a video, an Admin's Reject)
// shows it on a tap, and its first load and hydration should not carry it.
const LoadedDialog = lazyComponent<DialogProps>(() => import('./Dialog').then((module) => ({ default: module.Dialog })));

/** Fetches the dialog's code ahead, when a tap that opens one is likely (a pointer over it, focus). */
export function preloadDialog(): void {
  void LoadedDialog.preload().catch(() => undefined);
}

/**
 * Dialog, for screens that should not load it up front: nothing while closed; opened, its code
 * is fetched if it was not preloaded (from the worker's cache when installed). If that fails
 * (offline before the worker cached it) the dialog closes and the user is told why. Closed,
 * focus goes back to what opened it (useFocusReturn).
 */
export function OnDemandDialog(props: DialogProps) {
  const needsConnection = useNeedsConnectionNotice();
  useFocusReturn(props.open);
  if (!props.open) return null;
  return (
    <LazyPart onFailed={() => {
      props.onClose();
      needsConnection();
    }}>
      <LoadedDialog {...props} />
    </LazyPart>
  );
}
