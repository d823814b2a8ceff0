import { createContext, useContext, useSyncExternalStore } from 'react';
import { SSR_DATA_ELEMENT_ID, type SsrData } from '../domain/ssr';

export type { SsrData } from '../domain/ssr';

function readEmbedded(): SsrData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null; // a damaged page: render on the client as if nothing was embedded
  }
}

/** What this page was rendered with, read once at start; null for the service worker's shell. */
export const embeddedSsrData: SsrData | null = readEmbedded();

/** The server sets it per request; in the browser it holds what the page embedded. */
export const SsrDataContext = createContext<SsrData | null>(embeddedSsrData);

/** The server-rendered data, or null (the shell, a page the server did not render). */
export function useSsrData(): SsrData | null {
  return useContext(SsrDataContext);
}

const noSubscription = () => () => undefined;

/**
 * False while React hydrates server markup (and on the server), true in every render after: a
 * component that shows something only the browser knows (the stored session, local storage) shows
 * the server's version first, then its own, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
