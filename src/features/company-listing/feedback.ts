import { SNACKBAR_MS } from '../../domain/constants';
import { notify, type Severity } from '../../state/snackbar';

/** The listing editor's actions, one snackbar each (a newer outcome replaces the older one). */
export type ListingAction = 'save' | 'gallery' | 'draft';

/** Listing editor feedback: a snackbar for SNACKBAR_MS (6 s, spec 2 §8). */
export function toast(action: ListingAction, message: string, severity: Severity): void {
  notify(message, { key: `listing:${action}`, severity, durationMs: SNACKBAR_MS });
}
