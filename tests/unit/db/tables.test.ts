import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { PUT_BATCH_ROWS, replaceAll } from '../../../src/db/tables';

type FileRow = { blobFileId: string; shA256Hash: string };
const file = (n: number, hash = `h${n}`): FileRow => ({ blobFileId: `f-${String(n).padStart(4, '0')}`, shA256Hash: hash });
const byFileId = (row: FileRow) => row.blobFileId;
const replaceFiles = (rows: FileRow[], held?: Set<string>) => db.transaction('rw', db.files, () => replaceAll(db.files, rows, byFileId, held));

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.restoreAllMocks());

describe('replaceAll', () => {
  it('leaves the table holding exactly the list, put in batches, rows held back untouched', async () => {
    await db.files.bulkPut([file(1, 'old'), file(9_000, 'stale'), file(9_001, 'held locally')]);
    const puts = vi.spyOn(db.files, 'bulkPut');
    const list = Array.from({ length: 2 * PUT_BATCH_ROWS + 10 }, (_, i) => file(i));
    await replaceFiles(list, new Set([file(9_001).blobFileId, file(7).blobFileId]));
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual([PUT_BATCH_ROWS, PUT_BATCH_ROWS, 9]);
    // The list but f-0007 (held back, and not stored before), and f-9001 (held back, stored).
    expect(await db.files.count()).toBe(list.length - 1 + 1);
    expect(await db.files.get(file(1).blobFileId)).toEqual(file(1));
    expect(await db.files.get(file(9_000).blobFileId)).toBeUndefined();
    expect(await db.files.get(file(9_001).blobFileId)).toEqual(file(9_001, 'held locally'));
    expect(await db.files.get(file(7).blobFileId)).toBeUndefined();
  });

  it('writes nothing when a batch fails: the batches are one transaction', async () => {
    await db.files.bulkPut([file(1, 'old'), file(2, 'old')]);
    const list: FileRow[] = Array.from({ length: 2 * PUT_BATCH_ROWS + 10 }, (_, i) => file(i));
    // A row without its key in the last batch: IndexedDB refuses it.
    list[2 * PUT_BATCH_ROWS + 5] = { shA256Hash: 'no key' } as FileRow;
    await expect(replaceFiles(list)).rejects.toThrow();
    expect(await db.files.toArray()).toEqual([file(1, 'old'), file(2, 'old')]);
  });
});
