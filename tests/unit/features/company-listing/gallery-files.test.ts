import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { removeGalleryFile } from '../../../../src/features/company-listing/galleryFiles';
import { calls, json, stubApi } from '../../sync/fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const images = (galleryImageIds: string[], cardImageUri: string | null = null) => ({ cardImageUri, bannerImageUri: null, galleryImageIds });

describe('removing a gallery image', () => {
  it('leaves a file the saved listing still shows on the server (a Cancel keeps the listing whole), offline too', async () => {
    const fetchMock = stubApi({});
    expect(await removeGalleryFile('g1', images(['g1', 'g2']), images(['g1', 'g2']))).toBe('removed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves a file the form still uses as another image', async () => {
    const fetchMock = stubApi({});
    expect(await removeGalleryFile('g9', null, images(['g9'], 'g9'))).toBe('removed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes a file this edit added; a 404 is "gone"; another failure is thrown', async () => {
    const fetchMock = stubApi({
      'DELETE /files/new-1': () => new Response(null, { status: 204 }),
      'DELETE /files/new-2': () => json(404, { message: 'File not found' }),
      'DELETE /files/new-3': () => json(403, { message: 'Only the uploader can change this file' }),
    });
    const saved = images(['g1']);
    expect(await removeGalleryFile('new-1', saved, images(['g1', 'new-1']))).toBe('removed');
    expect(calls(fetchMock, '/files/new-1')).toHaveLength(1);
    expect(await removeGalleryFile('new-2', saved, images(['g1', 'new-2']))).toBe('gone');
    await expect(removeGalleryFile('new-3', saved, images(['g1', 'new-3']))).rejects.toThrow();
  });

  it('just drops an image that is only on this device', async () => {
    const fetchMock = stubApi({});
    await db.localFiles.put({ id: 'local-1', userId: 'u1', bytes: new ArrayBuffer(1), type: 'image/webp', name: 'a.webp', createdAt: 1 });
    expect(await removeGalleryFile('local-1', null, images(['local-1']))).toBe('removed');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
