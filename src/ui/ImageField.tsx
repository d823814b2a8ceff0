import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../state/snackbar';
import { Button } from './Button';
import { Image } from './Image';
import { LazyPart } from './LazyPart';
import { lazyComponent } from './lazyComponent';
import { useFocusReturn } from './useFocusReturn';

// The cropper (react-image-crop) loads only when a picture has been chosen.
const ImageCropDialog = lazyComponent(() => import('./image-crop/ImageCropDialog'));

/** Spec 2 §8: what an image field says, keyed per field so a newer outcome replaces an older one. */
const SNACK_MS = 6_000;

export interface ImageFieldProps {
  label: string;
  /** The current file id, or null. */
  value: string | null;
  /** Width / height of the crop (ASPECT in ./image-crop/constants). */
  aspect: number;
  /** After an upload (the new id) or Clear (null). */
  onChange: (id: string | null) => void;
  /**
   * Stores the cropped WebP and answers its id. The screens keep it on the device and queue its
   * upload (`queueLocalFile`), so an image chosen offline is sent before the write naming it.
   */
  upload: (blob: Blob, name: string) => Promise<string>;
  /**
   * What Clear does with the old file. Default: nothing on the server (the record that named it
   * is saved later; a file still used elsewhere must not vanish).
   */
  remove?: (id: string) => Promise<void>;
  /** Shows the image of an id (e.g. from bytes kept on the device). Default: the server's file. */
  renderPreview?: (id: string) => ReactNode;
  /** File name of the upload (without extension). */
  fileName?: string;
  disabled?: boolean;
  /** Shown under the field (the server's message for it). */
  error?: string;
  'data-testid'?: string;
}

/**
 * An image of a record (logo, banner, card image): choose a file, crop it in a dialog (zoom 1–3,
 * step 0.1), Save uploads WebP; Clear removes it (spec 2 §2 "Image selection and cropping").
 */
export function ImageField({
  label, value, aspect, onChange, upload, remove, renderPreview, fileName = 'image', disabled = false, error,
  'data-testid': testId,
}: ImageFieldProps) {
  const { t } = useLingui();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  // The cropper's code comes with the first picture chosen: see useFocusReturn.
  useFocusReturn(source !== null);
  const [busy, setBusy] = useState(false);
  const key = `image:${testId ?? label}`;

  function close() {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify(t`Choose an image file (JPEG, PNG, WebP or GIF)`, { key, severity: 'error', durationMs: SNACK_MS });
      event.target.value = '';
      return;
    }
    setSource(URL.createObjectURL(file));
  }

  async function save(blob: Blob) {
    setBusy(true);
    try {
      const id = await upload(blob, `${fileName}.webp`);
      onChange(id);
      notify(t`Image uploaded successfully!`, { key, severity: 'success', durationMs: SNACK_MS });
      close();
    } catch {
      // The preview is cleared: nothing half-chosen stays on screen.
      notify(t`Failed to upload image`, { key, severity: 'error', durationMs: SNACK_MS });
      close();
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    if (!value) return;
    setBusy(true);
    try {
      if (remove) await remove(value);
      onChange(null);
      notify(t`Image removed successfully!`, { key, severity: 'success', durationMs: SNACK_MS });
    } catch {
      notify(t`Failed to remove image`, { key, severity: 'error', durationMs: SNACK_MS });
    } finally {
      setBusy(false);
    }
  }

  const cropFailed = () => {
    notify(t`Failed to crop image`, { key, severity: 'error', durationMs: SNACK_MS });
    close();
  };

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <span className="text-sm font-medium text-fg" id={`${inputId}-label`}>{label}</span>
      <div className="overflow-hidden rounded-md border border-border bg-surface-2" style={{ aspectRatio: String(aspect) }}>
        {value ? (renderPreview ? renderPreview(value) : (
          <Image fileId={value} width={400} alt={label} aspectRatio={String(aspect)} className="h-full w-full object-cover" />
        )) : (
          <div className="flex h-full w-full items-center justify-center text-sm text-muted"><Trans>No image</Trans></div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled || busy}
          onChange={choose}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId ? `${testId}-input` : undefined}
        />
        <Button variant="secondary" disabled={disabled || busy} onClick={() => inputRef.current?.click()}>
          {value ? <Trans>Change image</Trans> : <Trans>Choose image</Trans>}
        </Button>
        {value && (
          <Button variant="secondary" disabled={disabled || busy} onClick={() => void clear()} data-testid={testId ? `${testId}-clear` : undefined}>
            <Trans>Clear</Trans>
          </Button>
        )}
      </div>
      {error && <p id={errorId} className="text-sm text-danger">{error}</p>}
      {source && (
        <LazyPart onFailed={cropFailed}>
          <ImageCropDialog
            src={source}
            aspect={aspect}
            title={t`Crop ${label}`}
            saving={busy}
            onCancel={close}
            onSave={save}
            onCropFailed={cropFailed}
          />
        </LazyPart>
      )}
    </div>
  );
}
