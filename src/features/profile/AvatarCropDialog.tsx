import { Trans, useLingui } from '@lingui/react/macro';
import ImageCropDialog from '../../ui/image-crop/ImageCropDialog';
import { AVATAR, AVATAR_ZOOM } from './constants';
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

/**
 * Circular crop of a new profile picture (spec 1): the shared crop dialog with a round frame,
 * zoom 0.5–3, and a 250 x 250 PNG circle as the result.
 */
export function AvatarCropDialog({ src, saving, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useLingui();
  return (
    <ImageCropDialog
      src={src}
      aspect={1}
      circular
      cover={0.8}
      zoom={AVATAR_ZOOM}
      areaPx={AVATAR.cropAreaPx}
      exportCrop={cropAvatar}
      title={t`Crop your photo`}
      description={<Trans>Drag the circle to position your photo, and zoom with the slider.</Trans>}
      imageAlt={t`Your chosen photo`}
      saving={saving}
      onCancel={onCancel}
      onSave={onSave}
      onCropFailed={() => {
        toast('avatar', t`Failed to crop image`, 'error');
        onCancel();
      }}
    />
  );
}
