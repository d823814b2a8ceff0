import { useLayoutEffect, useState } from 'react';

const focused = (): HTMLElement | null => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Gives focus back to the element that had it when `open` became true (the thumbnail or button
 * that opened a dialog), once `open` is false again or the component unmounts, if focus was then
 * left on nothing (the page's body).
 *
 * Headless UI does this itself from a history of focused elements that its module starts keeping
 * when it is evaluated. A dialog whose code is fetched on the opening tap (OnDemandDialog, the
 * lightbox) was opened before that history began, so Headless UI finds nothing to go back to and
 * keyboard users would land at the top of the page.
 */
export function useFocusReturn(open: boolean): void {
  // Read in the render that opens, before any commit: a dialog may take focus in its first
  // commit (autoFocus, in React's layout phase), before an effect here could look.
  const [opening, setOpening] = useState<{ open: boolean; opener: HTMLElement | null }>({ open: false, opener: null });
  if (opening.open !== open) setOpening({ open, opener: open ? focused() : null });
  const opener = opening.open ? opening.opener : null;
  useLayoutEffect(() => {
    if (!opener) return;
    return () => {
      // After Headless UI's own attempt (a microtask after the dialog unmounts).
      setTimeout(() => {
        const now = document.activeElement;
        if ((now === null || now === document.body) && opener.isConnected) opener.focus();
      }, 0);
    };
  }, [opener]);
}
