import { db } from '../../db/database';
import { multipartFileBody } from '../local-file-body';
import { queueWrite } from '../outbox';
import { refreshManifestNow } from '../worker-bridge';
import { defineEntity, write } from './define';

/** What a queued upload names: the file id it will have on the server, and its file name. */
export interface LocalFileUpload {
  id: string;
  name: string;
}

/**
 * Images chosen on this device and not yet on the server (`localFiles`, one row per file id).
 * The upload is PUT /files/{id}, which creates the file under the device-made id, so a listing
 * write naming the id can be queued right behind it (the queue is FIFO) and sent offline later.
 * Nothing is pulled: the rows only hold bytes until the server has them.
 */
export const localFiles = defineEntity({
  name: 'localFile',
  table: 'localFiles',
  key: (p) => p.id,
  pull: async () => undefined,
  clear: async (userId) => {
    await db.localFiles.where('userId').equals(userId).delete();
  },
  actionPrefix: 'localFile',
  writes: {
    upload: write<LocalFileUpload>({
      request: (p) => ({ method: 'PUT', path: `/files/${encodeURIComponent(p.id)}`, body: multipartFileBody(p.id) }),
      async apply(p, userId) {
        // The bytes are stored by `queueLocalFile` just before (kept once, not copied into the entry).
        const file = await db.localFiles.get(p.id);
        if (!file || file.userId !== userId) throw new Error(`No stored bytes for file ${p.id}`);
      },
      async settle(p) {
        await db.localFiles.delete(p.id);
        // The worker's image cache answers only ids of the manifest: let it learn of the new file
        // (after this transaction, not inside it).
        setTimeout(() => void refreshManifestNow(), 0);
      },
      subject: async (p) => (typeof p.name === 'string' ? p.name : null),
    }),
  },
});

export const uploadLocalFile = localFiles.writes.upload;

/**
 * Keeps an image on this device under a new file id and queues its upload. Resolves with the id
 * at once, online or not: the screens show the local bytes until the server has them, and a write
 * naming the id that is queued afterwards is sent after the upload.
 */
export async function queueLocalFile(file: Blob, name: string, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const bytes = await file.arrayBuffer();
  await db.localFiles.put({ id, userId, bytes, type: file.type || 'application/octet-stream', name, createdAt: Date.now() });
  try {
    await queueWrite(uploadLocalFile, { id, name }, userId);
  } catch (error) {
    await db.localFiles.delete(id);
    throw error;
  }
  return id;
}
