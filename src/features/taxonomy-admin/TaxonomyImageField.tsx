import { ImageField } from '../../ui/ImageField';
import { ASPECT } from '../../ui/image-crop/constants';
import { uploadTaxonomyImage } from './taxonomyWrites';

export interface TaxonomyImageFieldProps {
  label: string;
  value: string | null;
  onChange: (imageUri: string | null) => void;
  /** File name of the upload (without extension). */
  fileName: string;
  disabled?: boolean;
  /** The server's message for the image. */
  error?: string;
  'data-testid': string;
}

/**
 * The image of a category or a sub-category: cropped square (spec 3 §2, aspect 1) in the shared
 * cropper and uploaded as WebP when the crop is saved (writes are online only).
 */
export function TaxonomyImageField({ label, value, onChange, fileName, disabled, error, 'data-testid': testId }: TaxonomyImageFieldProps) {
  return (
    <div className="max-w-60">
      <ImageField label={label} value={value} aspect={ASPECT.square} fileName={fileName} upload={uploadTaxonomyImage}
        onChange={onChange} disabled={disabled} error={error} data-testid={testId} />
    </div>
  );
}
