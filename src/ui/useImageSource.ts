import { useEffect, useMemo } from 'react';
import { filesApi } from '../api/files';
import { useLocalFile } from '../db/local-files';

export interface ImageSource {
  /** The address to show: the device's own bytes (an object URL) or the server's file; null for no id. */
  src: string | null;
  /** The bytes are still only on this device (the upload is queued). */
  local: boolean;
  /** Still reading whether the device holds the bytes. */
  pending: boolean;
}

/** Object URLs let go of, revoked a moment later unless the same component takes them up again (StrictMode remounts). */
const revokes = new Map<string, ReturnType<typeof setTimeout>>();
const REVOKE_DELAY_MS = 1_000;

/**
 * Where to show an image from: an image chosen on this device and not yet uploaded is shown from
 * its stored bytes (so it shows offline at once), any other from GET /files/{id}. Once the upload
 * is through the bytes go and the server's copy takes over.
 */
export function useImageSource(fileId: string | null | undefined, width?: number): ImageSource {
  const local = useLocalFile(fileId);
  const objectUrl = useMemo(() => (local ? URL.createObjectURL(new Blob([local.bytes], { type: local.type })) : null), [local]);
  useEffect(() => {
    if (!objectUrl) return;
    clearTimeout(revokes.get(objectUrl));
    revokes.delete(objectUrl);
    return () => {
      revokes.set(objectUrl, setTimeout(() => {
        revokes.delete(objectUrl);
        URL.revokeObjectURL(objectUrl);
      }, REVOKE_DELAY_MS));
    };
  }, [objectUrl]);
  if (!fileId) return { src: null, local: false, pending: false };
  if (local === undefined) return { src: null, local: false, pending: true };
  if (local) return { src: objectUrl, local: true, pending: false };
  return { src: filesApi.url(fileId, width), local: false, pending: false };
}
