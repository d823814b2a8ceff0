import type { ReactNode } from 'react';
import { lazyComponent } from './lazyComponent';
import { LazyPart } from './LazyPart';
import { useNeedsConnectionNotice } from './connectionNotices';
import type { DialogProps } from './Dialog';
import { useFocusReturn } from './useFocusReturn';

/**
 * A dialog whose code (a lazyComponent, in `children`) is fetched when it first opens: nothing
 * while closed; opened, the code comes from the worker's cache when installed. If it cannot be
 * fetched (offline before the worker cached it) `onClose` is called and the user is told why.
 * Closed, focus goes back to what opened it (useFocusReturn).
 */
export function OnDemandPart({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const needsConnection = useNeedsConnectionNotice();
  useFocusReturn(open);
  if (!open) return null;
  return (
    <LazyPart onFailed={() => {
      onClose();
      needsConnection();
    }}>
      {children}
    </LazyPart>
  );
}

// Headless UI's dialog (its dialog and portal chunks, ~17 KB gzip) is fetched when a dialog
// first opens, not with the screen: a public page that offers one (a video, an Admin's Reject)
// shows it on a tap, and its first load and hydration should not carry it.
const LoadedDialog = lazyComponent<DialogProps>(() => import('./Dialog').then((module) => ({ default: module.Dialog })));

/** Fetches the dialog's code ahead, when a tap that opens one is likely (a pointer over it, focus). */
export function preloadDialog(): void {
  void LoadedDialog.preload().catch(() => undefined);
}

/** Dialog, for screens that should not load it up front (OnDemandPart). */
export function OnDemandDialog(props: DialogProps) {
  return (
    <OnDemandPart open={props.open} onClose={props.onClose}>
      <LoadedDialog {...props} />
    </OnDemandPart>
  );
}
