import { proxy } from 'valtio';
import { GLOBAL_SNACKBAR_MAX, GLOBAL_SNACKBAR_MS } from '../domain/constants';

export type Severity = 'success' | 'error' | 'info' | 'warning';
export type SnackbarPosition = 'bottom-center' | 'bottom-left';

export interface Snack {
  id: number;
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

/**
 * Shows a message. Global default: 7000 ms; screens pass their own (6000 ms). At most 3 show at
 * once: a fourth pushes out the oldest.
 */
export function notify(
  message: string,
  options: { severity?: Severity; durationMs?: number; position?: SnackbarPosition } = {},
): number {
  const snack: Snack = {
    id: nextId++,
    message,
    severity: options.severity ?? 'info',
    durationMs: options.durationMs ?? GLOBAL_SNACKBAR_MS,
    position: options.position ?? 'bottom-center',
  };
  const items = [...snackbars.items, snack];
  while (items.length > GLOBAL_SNACKBAR_MAX) {
    const dropped = items.shift()!;
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  snackbars.items = items;
  timers.set(snack.id, setTimeout(() => dismiss(snack.id), snack.durationMs));
  return snack.id;
}
