import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ReactCrop, { centerCrop, convertToPercentCrop, convertToPixelCrop, makeAspectCrop, type Crop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { CROP, clampCropZoom } from './constants';
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
}

/** The largest centred crop of the aspect covering 90 % of the picture, in percent. */
function initialCrop(width: number, height: number, aspect: number): Crop {
  const byWidth = width * 0.9;
  const crop = byWidth / aspect <= height * 0.9
    ? makeAspectCrop({ unit: 'px', width: byWidth }, aspect, width, height)
    : makeAspectCrop({ unit: 'px', height: height * 0.9 }, aspect, width, height);
  return convertToPercentCrop(centerCrop(crop, width, height), width, height);
}

/**
 * Crops a chosen picture to a fixed aspect (spec 2 §2): drag the frame, zoom 1–3 in steps of 0.1
 * with the slider or the buttons; Save exports WebP.
 */
export default function ImageCropDialog({ src, aspect, title, saving, onCancel, onSave, onCropFailed }: ImageCropDialogProps) {
  const { t } = useLingui();
  const zoomId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [zoom, setZoom] = useState<number>(CROP.zoomMin);
  const [cropping, setCropping] = useState(false);
  const busy = saving || cropping;

  function onImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    setCrop(initialCrop(width, height, aspect));
  }

  async function save() {
    const image = imageRef.current;
    let blob: Blob;
    setCropping(true);
    try {
      if (!image || !crop) throw new Error('No crop yet');
      blob = await cropImage(image, convertToPixelCrop(crop, image.width, image.height), zoom);
    } catch {
      onCropFailed();
      return;
    } finally {
      setCropping(false);
    }
    await onSave(blob);
  }

  const zoomBy = (delta: number) => setZoom((z) => clampCropZoom(z + delta));

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      description={<Trans>Drag the frame to choose the part to keep, and zoom with the slider.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button data-testid="image-crop-save" onClick={() => void save()} loading={busy} disabled={!crop}><Trans>Save</Trans></Button>
        </>
      )}
    >
      <div className="flex items-center justify-center overflow-hidden rounded-md bg-surface-2" style={{ height: CROP.areaPx }}>
        <ReactCrop
          crop={crop}
          onChange={(_, percent) => setCrop(percent)}
          aspect={aspect}
          keepSelection
          disabled={busy}
          style={{ maxHeight: CROP.areaPx }}
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
            alt={t`The chosen picture`}
            onLoad={onImageLoad}
            onError={onCropFailed}
            style={{ maxHeight: CROP.areaPx, transform: `scale(${zoom})` }}
          />
        </ReactCrop>
      </div>
      <div className="mt-4">
        <label htmlFor={zoomId} className="mb-1 block text-sm font-medium text-fg"><Trans>Zoom</Trans></label>
        <div className="flex items-center gap-3">
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom out`} onClick={() => zoomBy(-CROP.zoomStep)}
            disabled={busy || zoom <= CROP.zoomMin}>
            <span aria-hidden="true">−</span>
          </Button>
          <input
            id={zoomId}
            type="range"
            min={CROP.zoomMin}
            max={CROP.zoomMax}
            step={CROP.zoomStep}
            value={zoom}
            disabled={busy}
            aria-valuetext={`${zoom.toFixed(1)}×`}
            onChange={(e) => setZoom(clampCropZoom(Number(e.target.value)))}
            className="h-2 flex-1 cursor-pointer accent-[var(--accent)]"
            data-testid="image-crop-zoom"
          />
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom in`} onClick={() => zoomBy(CROP.zoomStep)}
            disabled={busy || zoom >= CROP.zoomMax}>
            <span aria-hidden="true">+</span>
          </Button>
          <span className="w-12 text-right text-sm tabular-nums text-muted" aria-hidden="true">{zoom.toFixed(1)}×</span>
        </div>
      </div>
    </Dialog>
  );
}
