import { SNACKBAR_MS } from '../../domain/constants';
import { dismissKey, notify, type Severity } from '../../state/snackbar';

/**
 * The profile's actions, one snackbar each: a newer outcome of an action replaces the older one
 * (the phone's 'Invalid code' goes when 'Phone number verified' comes).
 */
export type ProfileAction = 'avatar' | 'phone' | 'info' | 'password' | 'preferences';

/** Profile feedback: a bottom-centre snackbar hiding after SNACKBAR_MS (spec 1 §2, §9). */
export function toast(action: ProfileAction, message: string, severity: Severity): void {
  notify(message, { key: `profile:${action}`, severity, durationMs: SNACKBAR_MS, position: 'bottom-center' });
}

/** The action's newer outcome is shown inline: its older snackbar goes. */
export function dismissToast(action: ProfileAction): void {
  dismissKey(`profile:${action}`);
}
