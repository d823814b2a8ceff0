/** Types of bench/http-wire.mjs, for the TypeScript that imports it (its unit test). */
export function encodeRequest(spec: { url: string; method?: string; headers?: Record<string, string>; body?: string }): Buffer;
export function responseReader(): (chunk: Buffer) => number[];
