import { useEffect, useSyncExternalStore } from 'react';
import { onReconnect } from '../api/connection';
import { safeGet, safeSet } from '../api/storage';
import { settingsApi } from '../api/settings';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../domain/settings';
import { embeddedSsrData, useSsrData } from './ssr-data';

/** Where the last answer of GET /settings/public is kept, so the first paint (and offline) shows it. */
const STORAGE_KEY = 'siteSettings';

function stored(): SiteSettings {
  try {
    const value = JSON.parse(safeGet('local', STORAGE_KEY) ?? 'null') as Partial<SiteSettings> | null;
    if (value && typeof value.contactEmail === 'string' && typeof value.organisationNumber === 'string') {
      return { contactEmail: value.contactEmail, organisationNumber: value.organisationNumber };
    }
  } catch {
    // A damaged copy reads as none.
  }
  return DEFAULT_SITE_SETTINGS;
}

let current: SiteSettings | null = null;
const listeners = new Set<() => void>();
/** One request per page load, however many components show the details (again only after a failure). */
let fetched: Promise<void> | null = null;
/** Set while a failed request waits for the connection to come back. */
let stopWaiting: (() => void) | null = null;

/**
 * The details a server-rendered page came with are the newest this device has seen: kept (for the
 * next start and offline) and shown from the first render, so the footer never switches back to
 * an older copy after hydration.
 */
function initial(): SiteSettings {
  const fromPage = embeddedSsrData?.siteSettings;
  if (!fromPage) return stored();
  const kept = { contactEmail: fromPage.contactEmail, organisationNumber: fromPage.organisationNumber };
  safeSet('local', STORAGE_KEY, JSON.stringify(kept));
  return kept;
}

const snapshot = (): SiteSettings => (current ??= initial());

/** Shows `next` everywhere at once and keeps it for the next start (also after an admin saves). */
export function rememberSiteSettings(next: SiteSettings): void {
  const now = snapshot();
  if (now.contactEmail === next.contactEmail && now.organisationNumber === next.organisationNumber) return;
  current = { contactEmail: next.contactEmail, organisationNumber: next.organisationNumber };
  safeSet('local', STORAGE_KEY, JSON.stringify(current));
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function refresh(): void {
  fetched ??= settingsApi.public().then(rememberSiteSettings, () => {
    // Offline or a server error: the kept (or shipped) values stay, and the app asks again once
    // the connection is back (an app left open would otherwise never learn them).
    fetched = null;
    stopWaiting ??= onReconnect(() => {
      stopWaiting?.();
      stopWaiting = null;
      refresh();
    });
  });
}

/** Another tab kept a newer answer (or an admin saved there): show it here too. */
function onStorage(event: StorageEvent): void {
  // A null key: that tab cleared the whole storage.
  if (event.key !== null && event.key !== STORAGE_KEY) return;
  const next = stored();
  const now = snapshot();
  if (now.contactEmail === next.contactEmail && now.organisationNumber === next.organisationNumber) return;
  current = next;
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The contact e-mail and organisation number an Admin set (GET /settings/public): the last
 * answer this device saw at once, the shipped values before any, then the server's answer.
 */
export function useSiteSettings(): SiteSettings {
  useEffect(refresh, []);
  // A server-rendered page (server/ssr) shows the details it was rendered with, and hydration
  // starts from the same ones; the shipped values only where nothing was embedded.
  const rendered = useSsrData()?.siteSettings ?? DEFAULT_SITE_SETTINGS;
  return useSyncExternalStore(subscribe, snapshot, () => rendered);
}

/** For tests: forget the kept answer, the request made and any wait for the connection. */
export function resetSiteSettingsForTests(): void {
  current = null;
  fetched = null;
  stopWaiting?.();
  stopWaiting = null;
}
