import { SNACKBAR_MS } from '../../domain/constants';
import { notify, type Severity } from '../../state/snackbar';

/** Profile feedback: a bottom-centre snackbar hiding after SNACKBAR_MS (spec 1 §2, §9). */
export function toast(message: string, severity: Severity): void {
  notify(message, { severity, durationMs: SNACKBAR_MS, position: 'bottom-center' });
}
