/**
 * The worker's small IndexedDB database: the image cache's metadata index (`images`, by cache key,
 * with a `fileId` index) and a key-value store (`kv`) for the file manifest. Each helper is one
 * transaction that awaits only IndexedDB requests, so it never auto-commits early.
 */
import type { ImageEntry } from './lru';

const DB_NAME = 'eventmarket-sw';
const DB_VERSION = 1;
const IMAGES = 'images';
const KV = 'kv';

let opening: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(IMAGES)) {
          db.createObjectStore(IMAGES, { keyPath: 'key' }).createIndex('fileId', 'fileId');
        }
        if (!db.objectStoreNames.contains(KV)) db.createObjectStore(KV);
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another version of the worker upgrading: let it, and reopen next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
  }
  return opening;
}

export async function allImageEntries(): Promise<ImageEntry[]> {
  const db = await open();
  return request(db.transaction(IMAGES).objectStore(IMAGES).getAll() as IDBRequest<ImageEntry[]>);
}

export async function imageEntriesOf(fileId: string): Promise<ImageEntry[]> {
  const db = await open();
  const index = db.transaction(IMAGES).objectStore(IMAGES).index('fileId');
  return request(index.getAll(fileId) as IDBRequest<ImageEntry[]>);
}

export async function getImageEntry(key: string): Promise<ImageEntry | undefined> {
  const db = await open();
  return request(db.transaction(IMAGES).objectStore(IMAGES).get(key) as IDBRequest<ImageEntry | undefined>);
}

export async function putImageEntry(entry: ImageEntry): Promise<void> {
  const db = await open();
  const tx = db.transaction(IMAGES, 'readwrite');
  tx.objectStore(IMAGES).put(entry);
  await done(tx);
}

/** Marks an entry used now; a missing entry is left missing. */
export async function touchImageEntry(key: string, now: number): Promise<void> {
  const db = await open();
  const tx = db.transaction(IMAGES, 'readwrite');
  const store = tx.objectStore(IMAGES);
  const entry = (await request(store.get(key))) as ImageEntry | undefined;
  if (entry) store.put({ ...entry, lastUsed: now });
  await done(tx);
}

export async function deleteImageEntries(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const db = await open();
  const tx = db.transaction(IMAGES, 'readwrite');
  const store = tx.objectStore(IMAGES);
  for (const key of keys) store.delete(key);
  await done(tx);
}

export async function getKv<T>(key: string): Promise<T | undefined> {
  const db = await open();
  return request(db.transaction(KV).objectStore(KV).get(key) as IDBRequest<T | undefined>);
}

export async function putKv(key: string, value: unknown): Promise<void> {
  const db = await open();
  const tx = db.transaction(KV, 'readwrite');
  tx.objectStore(KV).put(value, key);
  await done(tx);
}
