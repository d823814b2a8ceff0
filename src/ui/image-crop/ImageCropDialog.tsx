import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ReactCrop, { centerCrop, convertToPercentCrop, convertToPixelCrop, makeAspectCrop, type Crop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { CROP, CROP_ZOOM, clampZoom, type ZoomLimits } from './constants';
import { cropImage } from './cropImage';

export interface ImageCropDialogProps {
  /** The chosen picture (an object or data URL). */
  src: string;
  /** Width / height of the crop (16 / 9 for logos and cards, 3 for banners). */
  aspect: number;
  title: string;
  /** The upload is running: everything is disabled and Save shows a spinner. */
  saving: boolean;
  onCancel: () => void;
  onSave: (blob: Blob) => void | Promise<void>;
  /** The picture could not be shown or cut ('Failed to crop image'). */
  onCropFailed: () => void;
  /** Under the title; default: how to use the frame and the slider. */
  description?: ReactNode;
  /** A round frame (the profile picture). */
  circular?: boolean;
  /** Default: spec 2's 1–3 in steps of 0.1. */
  zoom?: ZoomLimits;
  /** Share of the picture's shorter side the first frame covers. */
  cover?: number;
  /** Makes the image file from the crop; default WebP at up to 1920 px (cropImage). */
  exportCrop?: (image: HTMLImageElement, crop: PixelCrop, zoom: number) => Promise<Blob>;
  /** Height of the crop area. */
  areaPx?: number;
  /** The chosen picture's alternative text. */
  imageAlt?: string;
}

/** The largest centred crop of the aspect covering `cover` of the picture, in percent. */
function initialCrop(width: number, height: number, aspect: number, cover: number): Crop {
  const byWidth = width * cover;
  const crop = byWidth / aspect <= height * cover
    ? makeAspectCrop({ unit: 'px', width: byWidth }, aspect, width, height)
    : makeAspectCrop({ unit: 'px', height: height * cover }, aspect, width, height);
  return convertToPercentCrop(centerCrop(crop, width, height), width, height);
}

/**
 * Crops a chosen picture to a fixed aspect (spec 2 §2): drag the frame, zoom with the slider or
 * the buttons (1–3 in steps of 0.1 unless told otherwise); Save exports WebP (or what
 * `exportCrop` makes: the profile picture's round PNG).
 */
export default function ImageCropDialog({
  src, aspect, title, saving, onCancel, onSave, onCropFailed, description, circular = false, zoom: limits = CROP_ZOOM,
  cover = 0.9, exportCrop = cropImage, areaPx = CROP.areaPx, imageAlt,
}: ImageCropDialogProps) {
  const { t } = useLingui();
  const zoomId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [zoom, setZoom] = useState<number>(limits.start);
  const [cropping, setCropping] = useState(false);
  const busy = saving || cropping;

  function onImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    setCrop(initialCrop(width, height, aspect, cover));
  }

  async function save() {
    const image = imageRef.current;
    let blob: Blob;
    setCropping(true);
    try {
      if (!image || !crop) throw new Error('No crop yet');
      blob = await exportCrop(image, convertToPixelCrop(crop, image.width, image.height), zoom);
    } catch {
      onCropFailed();
      return;
    } finally {
      setCropping(false);
    }
    await onSave(blob);
  }

  const zoomBy = (delta: number) => setZoom((z) => clampZoom(z + delta, limits));
  const decimals = limits.step < 0.1 ? 2 : 1;

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      description={description ?? <Trans>Drag the frame to choose the part to keep, and zoom with the slider.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button data-testid="image-crop-save" onClick={() => void save()} loading={busy} disabled={!crop}><Trans>Save</Trans></Button>
        </>
      )}
    >
      <div className="flex items-center justify-center overflow-hidden rounded-md bg-surface-2" style={{ height: areaPx }}>
        <ReactCrop
          crop={crop}
          onChange={(_, percent) => setCrop(percent)}
          aspect={aspect}
          circularCrop={circular}
          keepSelection
          disabled={busy}
          style={{ maxHeight: areaPx }}
          ariaLabels={{
            cropArea: t`Crop area: drag to position, use the arrow keys to move`,
            nwDragHandle: t`Resize from the top left`,
            nDragHandle: t`Resize from the top`,
            neDragHandle: t`Resize from the top right`,
            eDragHandle: t`Resize from the right`,
            seDragHandle: t`Resize from the bottom right`,
            sDragHandle: t`Resize from the bottom`,
            swDragHandle: t`Resize from the bottom left`,
            wDragHandle: t`Resize from the left`,
          }}
        >
          <img
            ref={imageRef}
            src={src}
            alt={imageAlt ?? t`The chosen picture`}
            onLoad={onImageLoad}
            onError={onCropFailed}
            style={{ maxHeight: areaPx, transform: `scale(${zoom})` }}
          />
        </ReactCrop>
      </div>
      <div className="mt-4">
        <label htmlFor={zoomId} className="mb-1 block text-sm font-medium text-fg"><Trans>Zoom</Trans></label>
        <div className="flex items-center gap-3">
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom out`} onClick={() => zoomBy(-limits.buttonStep)}
            disabled={busy || zoom <= limits.min}>
            <span aria-hidden="true">−</span>
          </Button>
          <input
            id={zoomId}
            type="range"
            min={limits.min}
            max={limits.max}
            step={limits.step}
            value={zoom}
            disabled={busy}
            aria-valuetext={`${zoom.toFixed(decimals)}×`}
            onChange={(e) => setZoom(clampZoom(Number(e.target.value), limits))}
            className="h-2 flex-1 cursor-pointer accent-[var(--accent)]"
            data-testid="image-crop-zoom"
          />
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom in`} onClick={() => zoomBy(limits.buttonStep)}
            disabled={busy || zoom >= limits.max}>
            <span aria-hidden="true">+</span>
          </Button>
          <span className="w-12 text-right text-sm tabular-nums text-muted" aria-hidden="true">{zoom.toFixed(decimals)}×</span>
        </div>
      </div>
    </Dialog>
  );
}
