import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT } from '../../src/app/early-taps-script';

export { EARLY_TAPS_SCRIPT };

/** The script's CSP source ('sha256-…'): a rendered page allows this inline script and no other. */
export const EARLY_TAPS_HASH = `sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT, 'utf8').digest('base64')}`;
