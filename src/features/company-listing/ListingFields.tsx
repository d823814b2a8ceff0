import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCategories, useRegions, useSubCategories } from '../../db/hooks';
import { useCategoryServices, useSubCategoryServices } from '../../db/own-listings';
import { LISTING_NAME_MAX, LISTING_SHORT_MAX } from '../../domain/listings';
import { ASPECT } from '../../ui/image-crop/constants';
import { FileImage } from '../../ui/FileImage';
import { ImageField } from '../../ui/ImageField';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { GalleryField } from './GalleryField';
import { LocationsField } from './LocationsField';
import { ServicesField } from './ServicesField';
import { VideoLinksField } from './VideoLinksField';
import { RichText } from './RichText';
import { isContactForPrice, type FormErrors, type ListingFormValues } from './listingForm';
import { listingMessage } from './messages';

export interface ListingFieldsProps {
  values: ListingFormValues;
  errors: FormErrors;
  /** Bumped when the values are replaced as a whole (a restored or discarded draft): the editor reloads. */
  revision: number;
  onChange: <K extends keyof ListingFormValues>(field: K, value: ListingFormValues[K]) => void;
  /** The gallery changes from its own async work: an updater over the current list. */
  onGalleryChange: (update: (ids: string[]) => string[]) => void;
  /** The image controls (card, banner, gallery upload and removal) are shown. */
  showImageOptions: boolean;
  storeImage: (bytes: Blob, name: string) => Promise<string>;
  removeGalleryFile: (id: string) => Promise<'removed' | 'gone'>;
  disabled: boolean;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The listing form's fields (spec 2 §2 "Listing page (company side)"). */
export function ListingFields({
  values, errors, revision, onChange, onGalleryChange, showImageOptions, storeImage, removeGalleryFile, disabled,
}: ListingFieldsProps) {
  const { t, i18n } = useLingui();
  const descriptionLabel = useId();
  const categories = useCategories();
  const subCategories = useSubCategories(values.categoryId || null);
  const categoryServices = useCategoryServices(values.categoryId || null);
  const subCategoryServices = useSubCategoryServices(values.subCategoryId || null);
  const regions = useRegions();
  const message = (field: keyof FormErrors) => {
    const english = errors[field];
    if (!english) return null;
    const descriptor = listingMessage(english);
    return descriptor ? i18n._(descriptor) : english;
  };

  return (
    <div className="flex flex-col gap-6">
      <Section title={<Trans>Details</Trans>}>
        <TextField label={t`Name`} name="name" required value={values.name} maxLength={LISTING_NAME_MAX} disabled={disabled}
          error={message('name')} hint={t`${values.name.length} of ${LISTING_NAME_MAX} characters`}
          onChange={(e) => onChange('name', e.target.value)} />
        <TextField label={t`Short description`} name="shortDescription" required value={values.shortDescription}
          maxLength={LISTING_SHORT_MAX} disabled={disabled} error={message('shortDescription')}
          hint={t`${values.shortDescription.length} of ${LISTING_SHORT_MAX} characters`}
          onChange={(e) => onChange('shortDescription', e.target.value)} />
        <div className="flex flex-col gap-1">
          <span id={descriptionLabel} className="text-sm font-medium text-fg"><Trans>Description</Trans></span>
          <RichText key={revision} initialHtml={values.description} labelledBy={descriptionLabel}
            onChange={(html) => onChange('description', html)} />
        </div>
        <TextField label={t`Price (Kr)`} name="price" type="text" inputMode="decimal" value={values.price} disabled={disabled}
          error={message('price')} hint={isContactForPrice(values.price) ? t`Shown as 'Contact for Price'` : undefined}
          onChange={(e) => onChange('price', e.target.value)} />
      </Section>

      <Section title={<Trans>Category and services</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t`Category`} name="categoryId" required value={values.categoryId} disabled={disabled}
            error={message('categoryId')} onChange={(e) => onChange('categoryId', e.target.value)}>
            <option value="">{t`Choose a category`}</option>
            {(categories ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </SelectField>
          <SelectField label={t`Sub-category`} name="subCategoryId" required value={values.subCategoryId}
            disabled={disabled || !values.categoryId} error={message('subCategoryId')}
            onChange={(e) => onChange('subCategoryId', e.target.value)}>
            <option value="">{values.categoryId ? t`Choose a sub-category` : t`Choose a category first`}</option>
            {(subCategories ?? []).filter((c) => c.categoryId === values.categoryId).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </SelectField>
        </div>
        <ServicesField legend={<Trans>Category services</Trans>} testId="category-services" services={(categoryServices ?? []).filter((s) => s.categoryId === values.categoryId)}
          selected={values.categoryServiceIds} disabled={disabled} onChange={(ids) => onChange('categoryServiceIds', ids)}
          emptyText={values.categoryId ? <Trans>This category has no services.</Trans> : <Trans>Choose a category to see its services.</Trans>} />
        <ServicesField legend={<Trans>Sub-category services</Trans>} testId="sub-category-services" services={(subCategoryServices ?? []).filter((s) => s.subCategoryId === values.subCategoryId)}
          selected={values.subCategoryServiceIds} disabled={disabled} onChange={(ids) => onChange('subCategoryServiceIds', ids)}
          emptyText={values.subCategoryId ? <Trans>This sub-category has no services.</Trans> : <Trans>Choose a sub-category to see its services.</Trans>} />
      </Section>

      <Section title={<Trans>Locations</Trans>}>
        <LocationsField regions={regions ?? []} locations={values.locations} disabled={disabled}
          onChange={(locations) => onChange('locations', locations)} />
      </Section>

      <Section title={<Trans>Images</Trans>}>
        {showImageOptions ? (
          <div className="grid gap-6 md:grid-cols-2">
            <ImageField label={t`Card image`} value={values.cardImageUri} aspect={ASPECT.card} upload={storeImage} fileName="card"
              disabled={disabled} data-testid="card-image" onChange={(id) => onChange('cardImageUri', id)}
              renderPreview={(id) => <FileImage fileId={id} width={400} alt={t`Card image`} aspectRatio={null} className="h-full w-full" />} />
            <ImageField label={t`Banner image`} value={values.bannerImageUri} aspect={ASPECT.banner} upload={storeImage} fileName="banner"
              disabled={disabled} data-testid="banner-image" onChange={(id) => onChange('bannerImageUri', id)}
              renderPreview={(id) => <FileImage fileId={id} width={400} alt={t`Banner image`} aspectRatio={null} className="h-full w-full" />} />
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <ImagePreview label={t`Card image`} id={values.cardImageUri} aspect="16 / 9" />
            <ImagePreview label={t`Banner image`} id={values.bannerImageUri} aspect="3 / 1" />
          </div>
        )}
        {showImageOptions ? (
          <GalleryField ids={values.galleryImageIds} onChange={onGalleryChange} store={storeImage} removeFile={removeGalleryFile} disabled={disabled} />
        ) : (
          <GalleryPreview ids={values.galleryImageIds} />
        )}
        {!showImageOptions && <p className="text-sm text-muted"><Trans>Use Show Image Edit Options to change the images.</Trans></p>}
      </Section>

      <Section title={<Trans>Videos</Trans>}>
        <VideoLinksField links={values.videoLinks} disabled={disabled} onChange={(links) => onChange('videoLinks', links)} />
      </Section>
    </div>
  );
}

export function ImagePreview({ label, id, aspect }: { label: string; id: string | null; aspect: string }) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-fg">{label}</span>
      {id ? <FileImage fileId={id} width={400} alt={label} aspectRatio={aspect} className="rounded-md" />
        : <div className="flex items-center justify-center rounded-md border border-dashed border-border text-sm text-muted" style={{ aspectRatio: aspect }}><Trans>No image</Trans></div>}
    </div>
  );
}

export function GalleryPreview({ ids }: { ids: string[] }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-fg"><Trans>Gallery</Trans></span>
      {ids.length === 0 ? <p className="text-sm text-muted"><Trans>No gallery images yet.</Trans></p> : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {ids.map((id, index) => (
            <li key={id}><FileImage fileId={id} width={300} alt={t`Gallery image ${index + 1}`} aspectRatio="4 / 3" className="rounded-md" /></li>
          ))}
        </ul>
      )}
    </div>
  );
}
