import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ReactCrop, { centerCrop, convertToPercentCrop, convertToPixelCrop, makeAspectCrop, type Crop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AVATAR, clampZoom } from './constants';
import { cropAvatar } from './cropAvatar';
import { toast } from './feedback';

export interface AvatarCropDialogProps {
  /** The chosen picture (data URL). */
  src: string;
  /** The upload is running: everything is disabled and Save shows a spinner. */
  saving: boolean;
  onCancel: () => void;
  onSave: (blob: Blob) => void | Promise<void>;
}

/** A centred square crop covering 80 % of the picture's shorter side, in percent. */
function initialCrop(width: number, height: number): Crop {
  const side = Math.min(width, height) * 0.8;
  return convertToPercentCrop(centerCrop(makeAspectCrop({ unit: 'px', width: side }, 1, width, height), width, height), width, height);
}

/**
 * Circular crop of a new profile picture: drag the circle to position it, zoom with the slider
 * or the minus/plus buttons; Save exports a 250 x 250 PNG circle.
 */
export function AvatarCropDialog({ src, saving, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useLingui();
  const zoomId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [zoom, setZoom] = useState<number>(AVATAR.zoomStart);
  const [cropping, setCropping] = useState(false);
  const busy = saving || cropping;

  function onImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    setCrop(initialCrop(width, height));
  }

  function onImageError() {
    toast('avatar', t`Failed to crop image`, 'error');
    onCancel();
  }

  async function save() {
    const image = imageRef.current;
    let blob: Blob;
    setCropping(true);
    try {
      if (!image || !crop) throw new Error('No crop yet');
      blob = await cropAvatar(image, convertToPixelCrop(crop, image.width, image.height), zoom);
    } catch {
      toast('avatar', t`Failed to crop image`, 'error');
      return;
    } finally {
      setCropping(false);
    }
    await onSave(blob);
  }

  const zoomBy = (delta: number) => setZoom((z) => clampZoom(z + delta));

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={<Trans>Crop your photo</Trans>}
      description={<Trans>Drag the circle to position your photo, and zoom with the slider.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button data-testid="crop-save" onClick={() => void save()} loading={busy} disabled={!crop}><Trans>Save</Trans></Button>
        </>
      )}
    >
      <div
        className="flex items-center justify-center overflow-hidden rounded-md bg-surface-2"
        style={{ height: AVATAR.cropAreaPx }}
      >
        <ReactCrop
          crop={crop}
          onChange={(_, percent) => setCrop(percent)}
          aspect={1}
          circularCrop
          keepSelection
          disabled={busy}
          style={{ maxHeight: AVATAR.cropAreaPx }}
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
            alt={t`Your chosen photo`}
            onLoad={onImageLoad}
            onError={onImageError}
            style={{ maxHeight: AVATAR.cropAreaPx, transform: `scale(${zoom})` }}
          />
        </ReactCrop>
      </div>
      <div className="mt-4">
        <label htmlFor={zoomId} className="mb-1 block text-sm font-medium text-fg"><Trans>Zoom</Trans></label>
        <div className="flex items-center gap-3">
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom out`} onClick={() => zoomBy(-AVATAR.zoomButtonStep)}
            disabled={busy || zoom <= AVATAR.zoomMin}>
            <span aria-hidden="true">−</span>
          </Button>
          <input
            id={zoomId}
            type="range"
            min={AVATAR.zoomMin}
            max={AVATAR.zoomMax}
            step={AVATAR.zoomStep}
            value={zoom}
            disabled={busy}
            aria-valuetext={`${Math.round(zoom * 100)} %`}
            onChange={(e) => setZoom(clampZoom(Number(e.target.value)))}
            className="h-2 flex-1 cursor-pointer accent-[var(--accent)]"
            data-testid="crop-zoom"
          />
          <Button variant="secondary" className="w-10 px-0" aria-label={t`Zoom in`} onClick={() => zoomBy(AVATAR.zoomButtonStep)}
            disabled={busy || zoom >= AVATAR.zoomMax}>
            <span aria-hidden="true">+</span>
          </Button>
          <span className="w-14 text-right text-sm tabular-nums text-muted" aria-hidden="true">{Math.round(zoom * 100)} %</span>
        </div>
      </div>
    </Dialog>
  );
}
