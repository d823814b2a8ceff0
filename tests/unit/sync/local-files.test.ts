import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { queueWrite, userEntries } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replay';
import { localFiles, queueLocalFile, uploadLocalFile } from '../../../src/sync/entities/files';
import { discardChange } from '../../../src/sync/resolve';
import { clearUserData } from '../../../src/sync/user-data';
import { createListing } from '../../../src/sync/entities/listings';
import { json, stubApi } from './fixtures';
import { answered, save } from './listing-fixtures';
import { refreshManifestNow } from '../../../src/sync/worker-bridge';

// A settled upload tells the service worker of the new file by pulling the manifest after its
// transaction (a timer and a dynamic import). Here there is no worker: the call is recorded
// instead, so a pull started by one test cannot land in the next test's fetch stub.
vi.mock('../../../src/sync/worker-bridge', async (importOriginal) => ({
  ...await importOriginal<typeof import('../../../src/sync/worker-bridge')>(),
  refreshManifestNow: vi.fn(async () => {}),
}));

const L1 = '00000000-0000-4000-8000-000000000001';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.mocked(refreshManifestNow).mockClear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const replayer = () => createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
const webp = (text: string) => new Blob([new TextEncoder().encode(text)], { type: 'image/webp' });

describe('images kept on the device until uploaded', () => {
  it('keeps the bytes under a new id and queues PUT /files/{id} without copying them into the entry', async () => {
    const fetchMock = stubApi({});
    const id = await queueLocalFile(webp('pixels'), 'card.webp', 'u1');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await db.localFiles.get(id);
    expect(stored).toMatchObject({ id, userId: 'u1', type: 'image/webp', name: 'card.webp' });
    expect(new TextDecoder().decode(stored!.bytes)).toBe('pixels');
    const [entry] = await userEntries('u1');
    expect(entry).toMatchObject({ kind: 'localFile.upload', entity: 'localFile', entityId: id, method: 'PUT', path: `/files/${id}` });
    expect(entry!.body).toEqual({ multipartFile: { localFileId: id } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the upload as multipart field `data` before the listing write that names it, then drops the bytes', async () => {
    const order: string[] = [];
    let uploaded: { field: File | null; text: string } | null = null;
    const s = save(L1);
    const fetchMock = stubApi({
      'POST /listing': (init) => {
        order.push(`POST /listing ${String(JSON.parse(String(init.body)).cardImageUri)}`);
        return json(201, answered(s, 1));
      },
    });
    const id = await queueLocalFile(webp('cropped'), 'card.webp', 'u1');
    // Wrap the stub so the file route answers whatever id was made.
    const listingRoutes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init: RequestInit = {}) => {
      if (new URL(input, 'http://localhost').pathname === `/api/files/${id}`) {
        const form = init.body as FormData;
        const field = form.get('data') as File | null;
        uploaded = { field, text: field ? await field.text() : '' };
        order.push(`${init.method} /files/${id}`);
        return json(201, { id });
      }
      return listingRoutes(input, init);
    });
    await queueWrite(createListing, { ...s, input: { ...s.input, cardImageUri: id } }, 'u1');
    await replayer().run();
    expect(order).toEqual([`PUT /files/${id}`, `POST /listing ${id}`]);
    expect(uploaded!.field).toBeInstanceOf(Blob);
    expect(uploaded!.field!.type).toBe('image/webp');
    expect(uploaded!.text).toBe('cropped');
    expect(await db.localFiles.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    // The worker learns of the new file once the upload's transaction is over.
    await vi.waitFor(() => expect(refreshManifestNow).toHaveBeenCalled());
  });

  it('offline, neither goes; the listing write waits behind the upload until it is through', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({});
    const sender = replayer();
    try {
      const id = await queueLocalFile(webp('x'), 'banner.webp', 'u1');
      await queueWrite(createListing, save(L1, { bannerImageUri: id }), 'u1');
      await sender.run();
      expect(fetchMock).not.toHaveBeenCalled();
      expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['localFile.upload', 'listing.create']);
      expect(await db.localFiles.get(id)).toBeDefined();
      onLine.mockReturnValue(true);
      // The server is down: the upload stays first and the listing write is not tried.
      fetchMock.mockImplementation(async () => json(503, { message: 'down' }));
      await sender.run();
      expect(fetchMock.mock.calls.every(([url]) => String(url).includes('/files/'))).toBe(true);
      expect(await db.localFiles.get(id)).toBeDefined();
    } finally {
      sender.stop();
    }
  });

  it('an upload whose bytes are gone fails instead of sending an empty file', async () => {
    const fetchMock = stubApi({});
    const id = await queueLocalFile(webp('x'), 'a.webp', 'u1');
    await db.localFiles.delete(id);
    await replayer().run();
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await userEntries('u1'))[0]).toMatchObject({ state: 'failed' });
  });

  it('refuses to queue an upload whose bytes were not stored', async () => {
    await expect(queueWrite(uploadLocalFile, { id: 'nope', name: 'x.webp' }, 'u1')).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the bytes of a queued upload on logout (the change is sent at the next login), drops the others', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({});
    const queued = await queueLocalFile(webp('queued'), 'a.webp', 'u1');
    const given = await queueLocalFile(webp('given up'), 'b.webp', 'u1');
    const other = await queueLocalFile(webp('other'), 'c.webp', 'u2');
    const [, givenEntry] = await userEntries('u1');
    await db.outbox.delete(givenEntry!.seq!);
    await clearUserData('u1');
    expect(await db.localFiles.get(queued)).toBeDefined();
    expect(await db.localFiles.get(given)).toBeUndefined();
    expect(await db.localFiles.get(other)).toBeDefined();
    // Logged in again and online: the upload goes with its bytes.
    onLine.mockReturnValue(true);
    fetchMock.mockImplementation(async (input: string, init: RequestInit = {}) => {
      const field = (init.body as FormData).get('data') as File;
      expect(await field.text()).toBe('queued');
      return json(201, { id: new URL(input, 'http://localhost').pathname.split('/').pop() });
    });
    await replayer().run();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await db.localFiles.get(queued)).toBeUndefined();
  });

  it('drops the bytes of an upload given up in the unsent-changes review', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const fetchMock = stubApi({});
    const id = await queueLocalFile(webp('x'), 'a.webp', 'u1');
    fetchMock.mockImplementation(async () => json(400, { message: 'The file is not an image' }));
    await replayer().run();
    const [entry] = await userEntries('u1');
    expect(entry).toMatchObject({ state: 'failed' });
    await discardChange(entry!);
    expect(await db.localFiles.get(id)).toBeUndefined();
    expect(await localFiles.pull('u1')).toBeUndefined();
  });
});
