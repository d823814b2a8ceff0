import { msg } from '@lingui/core/macro';

/**
 * The sync status line under the top bar (src/app/sync/SyncStatus.tsx) and its offline notice, and
 * the feed's note over listings shown from the device (src/features/home/BeInspired.tsx). Shared
 * with the start snapshot: it is drawn only offline, so a snapshot kept online gets the notices the
 * live page will show, in the same places and look (src/ui/start-snapshot.ts).
 */
/** The line's and the notice's markers (data-testid): the snapshot finds them in a page by these. */
export const SYNC_STATUS_TESTID = 'sync-status';
export const OFFLINE_BANNER_TESTID = 'offline-banner';
export const SYNC_STATUS_CLASS = 'border-b border-border bg-surface-2 px-4 py-2 text-sm';
export const SYNC_STATUS_ROW_CLASS = 'mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1';
export const OFFLINE_BANNER_CLASS = 'font-medium';
export const OFFLINE_BANNER_MESSAGE = msg`You are offline. Changes will be sent when you are back online.`;

/** The feed's note, under its heading, when its listings come from the device. */
export const FEED_NOTE_TESTID = 'feed-offline-note';
export const FEED_NOTE_CLASS = 'mt-2 text-sm text-muted';
export const SAVED_LISTINGS_OFFLINE_MESSAGE = msg`You are offline. Showing listings saved on this device.`;
