import { useEffect, useState } from 'react';
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

/**
 * Where to show an image from: an image chosen on this device and not yet uploaded is shown from
 * its stored bytes (so it shows offline at once), any other from GET /files/{id}. Once the upload
 * is through the bytes go and the server's copy takes over.
 */
export function useImageSource(fileId: string | null | undefined, width?: number): ImageSource {
  const local = useLocalFile(fileId);
  const [objectUrl, setObjectUrl] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!local) return;
    const url = URL.createObjectURL(new Blob([local.bytes], { type: local.type }));
    setObjectUrl({ id: local.id, url });
    return () => {
      URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [local]);
  if (!fileId) return { src: null, local: false, pending: false };
  if (local === undefined) return { src: null, local: false, pending: true };
  if (local) return { src: objectUrl?.id === fileId ? objectUrl.url : null, local: true, pending: objectUrl?.id !== fileId };
  return { src: filesApi.url(fileId, width), local: false, pending: false };
}
