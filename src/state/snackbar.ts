import { proxy } from 'valtio';
import { GLOBAL_SNACKBAR_MAX, GLOBAL_SNACKBAR_MS } from '../domain/constants';

export type Severity = 'success' | 'error' | 'info' | 'warning';
export type SnackbarPosition = 'bottom-center' | 'bottom-left';

export interface Snack {
  id: number;
  /** The action this message is the outcome of: a newer outcome of the same action replaces it. */
  key: string;
  message: string;
  severity: Severity;
  durationMs: number;
  position: SnackbarPosition;
}

export const snackbars = proxy<{ items: Snack[] }>({ items: [] });
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  snackbars.items = snackbars.items.filter((s) => s.id !== id);
}

export interface NotifyOptions {
  severity?: Severity;
  durationMs?: number;
  position?: SnackbarPosition;
  /**
   * Names the action the message reports on ('profile:phone', 'login'…). A message with the
   * same key as one on screen takes its place, so an older outcome ('Invalid code') never stays
   * beside a newer one ('Phone number verified'). Required, so every caller names its action.
   */
  key: string;
}

/** Takes away the message of an action, when its newer outcome is said elsewhere (inline). */
export function dismissKey(key: string): void {
  for (const id of snackbars.items.filter((s) => s.key === key).map((s) => s.id)) dismiss(id);
}

/**
 * Shows a message. Global default: 7000 ms; screens pass their own (6000 ms). At most 3 show at
 * once: a fourth pushes out the oldest. A keyed message replaces the one with its key, in place.
 */
export function notify(message: string, options: NotifyOptions): number {
  const snack: Snack = {
    id: nextId++,
    key: options.key,
    message,
    severity: options.severity ?? 'info',
    durationMs: options.durationMs ?? GLOBAL_SNACKBAR_MS,
    position: options.position ?? 'bottom-center',
  };
  const replaced = snackbars.items.findIndex((s) => s.key === snack.key);
  const items = [...snackbars.items];
  if (replaced >= 0) {
    const older = items[replaced]!;
    clearTimeout(timers.get(older.id));
    timers.delete(older.id);
    items[replaced] = snack;
  } else {
    items.push(snack);
  }
  while (items.length > GLOBAL_SNACKBAR_MAX) {
    const dropped = items.shift()!;
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  snackbars.items = items;
  timers.set(snack.id, setTimeout(() => dismiss(snack.id), snack.durationMs));
  return snack.id;
}
