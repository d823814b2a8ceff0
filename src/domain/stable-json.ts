/**
 * The deepest value stableStringify walks. Far above anything the app or the API builds (the
 * server refuses JSON bodies deeper than 32), and far below what overflows a call stack: a
 * deeper (or cyclic) value is a RangeError with a clear message instead of a stack overflow.
 */
export const STABLE_JSON_MAX_DEPTH = 256;

/** JSON with object keys sorted at every level: equal values give equal text (cache keys, request fingerprints). */
export function stableStringify(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, depth: number): string {
  if (value && typeof value === 'object' && depth >= STABLE_JSON_MAX_DEPTH) {
    throw new RangeError(`Value nested deeper than ${STABLE_JSON_MAX_DEPTH} levels`);
  }
  if (Array.isArray(value)) return `[${value.map((v) => write(v, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
