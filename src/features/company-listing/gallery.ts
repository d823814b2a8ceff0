/** How a batch of gallery uploads ended (spec 2 §8). */
export type GalleryOutcome =
  | { kind: 'all'; total: number }
  | { kind: 'some'; uploaded: number; total: number }
  | { kind: 'none'; failed: number };

export function galleryOutcome(uploaded: number, total: number): GalleryOutcome {
  if (uploaded === total) return { kind: 'all', total };
  if (uploaded > 0) return { kind: 'some', uploaded, total };
  return { kind: 'none', failed: total };
}

/** Reads a file's bytes, reporting progress 0–1 as they come in. */
export function readWithProgress(file: Blob, onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress(1);
      resolve(reader.result as ArrayBuffer);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}
