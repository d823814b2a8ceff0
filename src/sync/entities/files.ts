import { db, type StoredLocalFile } from '../../db/database';
import { multipartFileBody } from '../local-file-body';
import { queueWrite } from '../outbox';
import { pendingEntityKeys } from '../pending';
import { refreshManifestNow } from '../worker-bridge';
import { defineEntity, write } from './define';

/** What a queued upload names: the file id it will have on the server, and its file name. */
export interface LocalFileUpload {
  id: string;
  name: string;
}

/**
 * The bytes `queueLocalFile` is queuing, handed to the upload's `apply`, which stores them in the
 * same transaction as the outbox entry: a row of `localFiles` never exists without its upload.
 */
const staged = new Map<string, StoredLocalFile>();

/**
 * Removes the user's stored bytes that no queued upload needs any more (its upload was given up
 * in the unsent-changes review). Bytes of a queued upload stay, also on logout: the upload is an
 * unsent change, kept on the device and sent when the same user logs in again.
 */
async function dropUnqueued(userId: string): Promise<void> {
  await db.transaction('rw', [db.localFiles, db.outbox], async () => {
    const queued = await pendingEntityKeys('localFile', userId);
    await db.localFiles.where('userId').equals(userId).filter((file) => !queued.has(file.id)).delete();
  });
}

/**
 * Images chosen on this device and not yet on the server (`localFiles`, one row per file id).
 * The upload is PUT /files/{id}, which creates the file under the device-made id, so a listing
 * write naming the id can be queued right behind it (the queue is FIFO) and sent offline later.
 * Nothing is pulled: the rows only hold bytes until the server has them; the "pull" (also the
 * refresh after a discarded upload) drops bytes whose upload is no longer queued.
 */
export const localFiles = defineEntity({
  name: 'localFile',
  table: 'localFiles',
  key: (p) => p.id,
  pull: dropUnqueued,
  clear: dropUnqueued,
  actionPrefix: 'localFile',
  writes: {
    upload: write<LocalFileUpload>({
      request: (p) => ({ method: 'PUT', path: `/files/${encodeURIComponent(p.id)}`, body: multipartFileBody(p.id) }),
      async apply(p, userId) {
        // Kept once, in `localFiles`, not copied into the entry; stored with the entry or not at all.
        const file = staged.get(p.id);
        if (!file || file.userId !== userId) throw new Error(`No stored bytes for file ${p.id}`);
        await db.localFiles.put(file);
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
  staged.set(id, { id, userId, bytes, type: file.type || 'application/octet-stream', name, createdAt: Date.now() });
  try {
    await queueWrite(uploadLocalFile, { id, name }, userId);
  } finally {
    staged.delete(id);
  }
  return id;
}
