import { useEffect } from 'react';
import { saveFormDraft } from '../../db/form-drafts';
import type { ListingFormValues } from './listingForm';

/** Typing pauses this long before the form is written to the device. */
export const DRAFT_DEBOUNCE_MS = 300;

/** The form draft's key: a new listing per company, an existing one by its id. */
export const listingDraftKey = (companyId: string, listingId: string | null) =>
  (listingId ? `listing:${listingId}` : `listing:new:${companyId}`);

/**
 * Keeps what the form holds in Dexie as the user types (debounced), so a closed tab, a reload or
 * a lost connection loses nothing; only once the user has changed something.
 */
export function useListingDraft(userId: string | null | undefined, key: string, values: ListingFormValues | null, dirty: boolean): void {
  useEffect(() => {
    if (!userId || !values || !dirty) return;
    const timer = setTimeout(() => {
      // A full disk only loses the draft, never the form on screen: the save still works.
      saveFormDraft(userId, key, values).catch(() => undefined);
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [userId, key, values, dirty]);
}
