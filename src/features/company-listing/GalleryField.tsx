import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { LISTING_GALLERY_MAX } from '../../domain/listings';
import { Button } from '../../ui/Button';
import { FileImage } from '../../ui/FileImage';
import { galleryOutcome, readWithProgress } from './gallery';
import { toast } from './feedback';

/** One file of the batch being added, with its progress. */
interface Progress {
  key: string;
  name: string;
  fraction: number;
  state: 'working' | 'done' | 'failed';
}

export interface GalleryFieldProps {
  ids: string[];
  onChange: (update: (ids: string[]) => string[]) => void;
  /** Keeps one image and answers its file id (on this device, uploaded by the queue). */
  store: (bytes: Blob, name: string) => Promise<string>;
  /**
   * Removes an image's file: resolves 'removed', or 'gone' when the server no longer has it
   * ('File not found'); rejects when it could not be removed.
   */
  removeFile: (id: string) => Promise<'removed' | 'gone'>;
  disabled?: boolean;
}

/**
 * The gallery (spec 2 §2, §8): several images at once, each with its progress, then one message
 * for the batch ('All images uploaded successfully!', '{n} of {m} images uploaded successfully',
 * 'Failed to upload {n} image(s)'); thumbnails with Remove.
 */
export function GalleryField({ ids, onChange, store, removeFile, disabled }: GalleryFieldProps) {
  const { t } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const busy = progress.some((p) => p.state === 'working');

  const update = (key: string, change: Partial<Progress>) =>
    setProgress((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const room = Math.max(0, LISTING_GALLERY_MAX - ids.length);
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}`, fits: i < room }));
    setProgress(batch.map(({ file, key }) => ({ key, name: file.name, fraction: 0, state: 'working' })));
    try {
      const results = await Promise.all(batch.map(async ({ file, key, fits }) => {
        try {
          if (!fits || !file.type.startsWith('image/')) throw new Error('not an image, or the gallery is full');
          const bytes = await readWithProgress(file, (fraction) => update(key, { fraction }));
          const id = await store(new Blob([bytes], { type: file.type }), file.name);
          update(key, { state: 'done', fraction: 1 });
          return id;
        } catch {
          update(key, { state: 'failed' });
          return null;
        }
      }));
      const added = results.filter((id): id is string => id !== null);
      if (added.length) onChange((current) => [...current, ...added]);
      const outcome = galleryOutcome(added.length, files.length);
      if (outcome.kind === 'all') toast('gallery', t`All images uploaded successfully!`, 'success');
      else if (outcome.kind === 'some') toast('gallery', t`${outcome.uploaded} of ${outcome.total} images uploaded successfully`, 'warning');
      else toast('gallery', t`Failed to upload ${outcome.failed} image(s)`, 'error');
    } catch {
      toast('gallery', t`An error occurred while uploading images`, 'error');
    }
  }

  async function remove(id: string) {
    setRemoving(id);
    try {
      const result = await removeFile(id);
      onChange((current) => current.filter((x) => x !== id));
      if (result === 'gone') toast('gallery', t`Image reference already removed from the server`, 'warning');
      else toast('gallery', t`Image removed successfully!`, 'success');
    } catch (error) {
      toast('gallery', error instanceof ApiError && error.isNetworkError
        ? t`Failed to remove image. Check your connection and try again.` : t`Failed to remove image`, 'error');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${inputId}-title`} data-testid="gallery-field">
      <h3 id={`${inputId}-title`} className="text-sm font-medium text-fg"><Trans>Gallery</Trans></h3>
      {ids.length === 0 && <p className="text-sm text-muted"><Trans>No gallery images yet.</Trans></p>}
      {ids.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {ids.map((id, index) => (
            <li key={id} className="relative">
              <FileImage fileId={id} width={300} alt={t`Gallery image ${index + 1}`} aspectRatio="4 / 3" className="rounded-md" />
              <Button variant="secondary" className="absolute right-1 top-1 min-h-8 px-2 py-1" disabled={disabled || removing !== null}
                loading={removing === id} aria-label={t`Remove gallery image ${index + 1}`} onClick={() => void remove(id)}>
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <input ref={inputRef} id={inputId} type="file" accept="image/*" multiple className="sr-only" disabled={disabled || busy}
          onChange={(e) => void addFiles(e)} data-testid="gallery-input" aria-label={t`Add gallery images`} />
        <Button variant="secondary" disabled={disabled || busy} onClick={() => inputRef.current?.click()}>
          <Trans>Add images</Trans>
        </Button>
      </div>
      {progress.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t`Upload progress`} aria-live="polite">
          {progress.map((p) => (
            <li key={p.key} className="flex flex-col gap-1 text-sm" data-testid="gallery-progress" data-state={p.state}>
              <div className="flex justify-between gap-2">
                <span className="truncate">{p.name}</span>
                <span className={p.state === 'failed' ? 'text-danger' : 'text-muted'}>
                  {p.state === 'failed' ? t`Failed` : p.state === 'done' ? t`Done` : `${Math.round(p.fraction * 100)} %`}
                </span>
              </div>
              <progress className="h-1.5 w-full accent-[var(--accent)]" max={100} value={Math.round(p.fraction * 100)}
                aria-label={t`Progress of ${p.name}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
