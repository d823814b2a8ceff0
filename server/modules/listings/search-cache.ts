/**
 * The in-process cache of public search answers, and the one place that invalidates it.
 *
 * Every write that can change what the public catalogue shows (listings, companies, categories,
 * sub-categories) calls `bumpCatalogue()` after it commits. The counter is process-wide, so a bump
 * from any module, seed or script empties every cache in this process on its next use. A read
 * notes the generation before it queries and its answer is kept only if no bump happened in
 * between, so an answer read before a write can never be stored after it. Other server
 * processes on the same PostgreSQL hear of the bump through the process bus
 * (server/lib/catalogue-bumps.ts: `onCatalogueBump` publishes, `catalogueBumpedElsewhere` clears);
 * the TTL is a backstop only. tests/server/search-cache.test.ts checks that every writer bumps.
 */
let generation = 0;
const bumpHooks = new Set<() => void>();

/** The catalogue's generation: changes whenever a write may have changed public results. */
export const catalogueVersion = (): number => generation;

/** Call after a committed write to listings, companies, categories or sub-categories. */
export function bumpCatalogue(): void {
  generation += 1;
  for (const hook of bumpHooks) hook();
}

/** Calls `hook` after every bumpCatalogue() in this process (to tell the others); returns the removal. */
export function onCatalogueBump(hook: () => void): () => void {
  bumpHooks.add(hook);
  return () => bumpHooks.delete(hook);
}

/** Another process bumped (or its bumps may have been missed): empties this process's caches, tells no one. */
export function catalogueBumpedElsewhere(): void {
  generation += 1;
}

export interface CacheLimits {
  /** Most entries kept; 0 turns the cache off (every read loads). */
  maxEntries: number;
  /** Most approximate bytes of keys and values kept. */
  maxBytes: number;
  /** How long an entry is served: the bound on staleness across server processes. */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

/** V8 keeps strings in one or two bytes per character; two is the safe estimate. */
const stringBytes = (s: string): number => s.length * 2;

/**
 * LRU bounded by entries and bytes, with a TTL, emptied when the catalogue generation moves.
 * Concurrent misses on one key share a single load, so a burst of identical searches runs one
 * query.
 */
export class SearchCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private bytes = 0;
  private seenGeneration = generation;

  constructor(
    private readonly limits: CacheLimits,
    private readonly sizeOf: (value: V) => number,
    private readonly now: () => number,
  ) {}

  /** Whether anything is kept: with `maxEntries` 0 every getOrLoad loads, and a caller may skip building keys. */
  get keeps(): boolean {
    return this.limits.maxEntries > 0;
  }

  get size(): number {
    this.sync();
    return this.entries.size;
  }

  get approximateBytes(): number {
    this.sync();
    return this.bytes;
  }

  get(key: string): V | undefined {
    this.sync();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, read when the generation was `readAt`, unless a write bumped it since. */
  set(key: string, value: V, readAt: number): void {
    this.sync();
    if (readAt !== generation || !this.keeps) return;
    const bytes = stringBytes(key) + this.sizeOf(value);
    if (bytes > this.limits.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { value, bytes, expiresAt: this.now() + this.limits.ttlMs });
    this.bytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  /** The cached value, or `load()`'s (stored when still current). */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.keeps) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const readAt = generation;
    // Only loads started in the same generation are shared: a newer reader must see the write.
    const flightKey = `${readAt}\u0000${key}`;
    const inFlight = this.loading.get(flightKey);
    if (inFlight) return inFlight;
    const promise = load().then((value) => {
      this.set(key, value, readAt);
      return value;
    }).finally(() => this.loading.delete(flightKey));
    this.loading.set(flightKey, promise);
    return promise;
  }

  private remove(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private sync() {
    if (this.seenGeneration === generation) return;
    this.entries.clear();
    this.bytes = 0;
    this.seenGeneration = generation;
  }
}
