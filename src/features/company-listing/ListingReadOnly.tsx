import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StoredOwnedListing } from '../../db/database';
import { useCategories, useRegions, useSubCategories } from '../../db/hooks';
import { useCategoryServices, useSubCategoryServices } from '../../db/own-listings';
import { parseVideoLinks } from '../../domain/video-links';
import { formatPrice } from '../../ui/ListingCard';
import { GalleryPreview, ImagePreview } from './ListingFields';
import { LocationChips } from './LocationsField';
import { RichText } from './RichText';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="w-44 shrink-0 text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </div>
  );
}

/** The listing as saved on this device, read-only (mode=view). */
export function ListingReadOnly({ listing }: { listing: StoredOwnedListing }) {
  const { t, i18n } = useLingui();
  const categories = useCategories();
  const subCategories = useSubCategories(listing.categoryId);
  const categoryServices = useCategoryServices(listing.categoryId);
  const subCategoryServices = useSubCategoryServices(listing.subCategoryId);
  const regions = useRegions();
  const names = (all: readonly { id: string; name: string }[] | undefined, ids: readonly string[]) =>
    (all ?? []).filter((s) => ids.includes(s.id)).map((s) => s.name).join(', ');
  const locations = listing.locations.length ? listing.locations : [...listing.regionIds, ...listing.countyIds];
  const videos = parseVideoLinks(listing.videoLinks);
  return (
    <div className="flex flex-col gap-6" data-testid="listing-read-only">
      <section className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
        <p className="text-lg text-muted">{listing.shortDescription}</p>
        <dl className="flex flex-col gap-3">
          <Row label={<Trans>Price</Trans>}>{formatPrice(listing.price, i18n.locale) ?? t`Contact for Price`}</Row>
          <Row label={<Trans>Category</Trans>}>{categories?.find((c) => c.id === listing.categoryId)?.name ?? '—'}</Row>
          <Row label={<Trans>Sub-category</Trans>}>{subCategories?.find((c) => c.id === listing.subCategoryId)?.name ?? '—'}</Row>
          <Row label={<Trans>Category services</Trans>}>{names(categoryServices, listing.categoryServiceIds) || '—'}</Row>
          <Row label={<Trans>Sub-category services</Trans>}>{names(subCategoryServices, listing.subCategoryServiceIds) || '—'}</Row>
          <Row label={<Trans>Locations</Trans>}>
            {locations.length ? <LocationChips regions={regions ?? []} locations={locations} /> : '—'}
          </Row>
        </dl>
      </section>
      <section className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 sm:p-6" aria-labelledby="listing-view-description">
        <h2 id="listing-view-description" className="text-lg font-semibold"><Trans>Description</Trans></h2>
        {listing.description
          ? <RichText key={`${listing.id}:${listing.version}:${listing.updatedAt}`} initialHtml={listing.description} editable={false} labelledBy="listing-view-description" />
          : <p className="text-sm text-muted"><Trans>No description yet.</Trans></p>}
      </section>
      <section className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
        <h2 className="text-lg font-semibold"><Trans>Images</Trans></h2>
        <div className="grid gap-6 md:grid-cols-2">
          <ImagePreview label={t`Card image`} id={listing.cardImageUri} aspect="16 / 9" />
          <ImagePreview label={t`Banner image`} id={listing.bannerImageUri} aspect="3 / 1" />
        </div>
        <GalleryPreview ids={listing.galleryImageIds} />
      </section>
      <section className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 sm:p-6">
        <h2 className="text-lg font-semibold"><Trans>Videos</Trans></h2>
        {videos.length === 0 ? <p className="text-sm text-muted"><Trans>No video links yet.</Trans></p> : (
          <ul className="flex flex-col gap-1">
            {videos.map((v) => <li key={v.url}><a href={v.url} target="_blank" rel="noopener noreferrer" className="break-all text-accent underline">{v.url}</a></li>)}
          </ul>
        )}
      </section>
    </div>
  );
}
