import { db } from '../db/database';

/**
 * The stored body of a queued file upload: the bytes themselves stay in `localFiles` (an outbox
 * entry is small and the bytes are kept once); the replayer reads them at send time and sends
 * them as the multipart field `data` (PUT /files/{id}).
 */
export interface MultipartFileBody {
  multipartFile: { localFileId: string };
}

export const multipartFileBody = (localFileId: string): MultipartFileBody => ({ multipartFile: { localFileId } });

export function isMultipartFileBody(body: unknown): body is MultipartFileBody {
  if (typeof body !== 'object' || body === null || !('multipartFile' in body)) return false;
  const file = (body as { multipartFile: unknown }).multipartFile;
  return typeof file === 'object' && file !== null && typeof (file as { localFileId?: unknown }).localFileId === 'string';
}

/** The multipart field the file endpoints read (spec 2 §7: "multipart field data"). */
export const FILE_FIELD = 'data';

/**
 * The body to send for a stored body: JSON bodies as they are, a file marker as FormData with the
 * bytes read now. Null when the file's bytes are no longer on this device (nothing can be sent).
 */
export async function sendableBody(body: unknown): Promise<{ body: unknown } | null> {
  if (!isMultipartFileBody(body)) return { body };
  const file = await db.localFiles.get(body.multipartFile.localFileId);
  if (!file) return null;
  const form = new FormData();
  form.append(FILE_FIELD, new Blob([file.bytes], { type: file.type }), file.name);
  return { body: form };
}
