import { useMemo, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useParams, useSearchParams } from 'wouter';
import { useSsrData } from '../../ui/ssr-data';
import { usePageTitle } from '../../ui/page-title';
import { paths } from '../../config/paths';
import type { StoredListing } from '../../db/database';
import { useListing, useRegions } from '../../db/hooks';
import { isAdmin, session } from '../../state/session';
import { ApprovalBar } from '../../ui/ApprovalBar';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { FavoriteToggle } from '../../ui/FavoriteToggle';
import { useMyFavoriteIds } from '../../ui/useMyFavoriteIds';
import { Banner } from './Banner';
import { Breadcrumb } from './Breadcrumb';
import { CompanyCard } from './CompanyCard';
import { Description } from './Description';
import { Gallery } from './Gallery';
import { Locations } from './Locations';
import { Services } from './Services';
import { Videos } from './Videos';
import { useListingPull, useViewEvent } from './useListingPull';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3" data-testid="listing-detail-skeleton">
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className={`h-4 ${i === 5 ? 'w-2/3' : 'w-full'}`} />)}
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true" data-testid="listing-skeleton">
      <Skeleton className="aspect-square max-h-[400px] w-full lg:aspect-[3] lg:max-h-[600px]" />
      <Skeleton className="mt-6 h-9 w-2/3" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <DetailSkeleton />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

function ListingView({ listing, offline }: { listing: StoredListing; offline: boolean }) {
  const { t, i18n } = useLingui();
  const regions = useRegions();
  const favoriteIds = useMyFavoriteIds();
  const full = listing.detail ? listing : null;
  usePageTitle(listing.name);
  return (
    <article className="mx-auto max-w-6xl px-0 py-6 sm:px-4 sm:py-8" aria-labelledby="listing-title">
      <div className="px-4 sm:px-0"><Breadcrumb categoryId={listing.categoryId} subCategoryId={listing.subCategoryId} name={listing.name} /></div>
      {offline && (
        <p role="status" className="mx-4 mt-4 rounded-md border border-border bg-surface px-4 py-3 text-sm text-muted sm:mx-0">
          <Trans>Could not reach the server. Showing the copy saved on this device.</Trans>
        </p>
      )}
      <div className="mt-4">
        <Banner fileId={full ? (full.bannerImageUri ?? full.cardImageUri) : listing.cardImageUri} alt="" />
      </div>
      <div className="px-4 sm:px-0">
        <header className="mt-6 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 id="listing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">{listing.name}</h1>
            {listing.shortDescription && <p className="mt-2 text-lg text-muted">{listing.shortDescription}</p>}
          </div>
          <FavoriteToggle listing={listing} isFavorite={favoriteIds.has(listing.id)} variant="button" />
        </header>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-10">
            <Section id="listing-about" title={t`Description`}>
              {full ? <Description html={full.description} /> : <DetailSkeleton />}
            </Section>
            {full && (
              <Services categoryId={full.categoryId} subCategoryId={full.subCategoryId} categoryServiceIds={full.categoryServiceIds}
                subCategoryServiceIds={full.subCategoryServiceIds} locale={i18n.locale} />
            )}
            {full && (full.regionIds.length > 0 || full.countyIds.length > 0) && (
              <Section id="listing-locations-title" title={t`Locations`}>
                <Locations regions={regions ?? []} regionIds={full.regionIds} countyIds={full.countyIds} />
              </Section>
            )}
            {full && full.galleryImageIds.length > 0 && (
              <Section id="listing-gallery" title={t`Gallery`}>
                <Gallery imageIds={full.galleryImageIds} title={listing.name} />
              </Section>
            )}
            {full && full.videoLinks.length > 0 && (
              <Section id="listing-videos" title={t`Videos`}>
                <Videos links={full.videoLinks} />
              </Section>
            )}
          </div>
          <aside className="lg:sticky lg:top-4 lg:self-start">
            <CompanyCard listingId={listing.id} listingName={listing.name} price={listing.price} companyId={listing.companyId}
              fallback={full ? full.company : listing.company} />
          </aside>
        </div>
      </div>
    </article>
  );
}

/**
 * The listing a server-rendered page was rendered with (shown until Dexie or the pull has it), and
 * whether the server found none: the page then starts on its not-found view, as the server sent it.
 */
function useServerListing(id: string): { listing: StoredListing | undefined; missing: boolean } {
  const ssr = useSsrData();
  const found = ssr?.listings?.[id];
  const listing = useMemo((): StoredListing | undefined => found && { ...found, detail: true, fetchedAt: 0 }, [found]);
  return { listing, missing: ssr?.missingIds?.includes(id) ?? false };
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="listing-not-found">
      <h1 className="text-2xl font-semibold"><Trans>Listing not found</Trans></h1>
      <p className="text-muted"><Trans>This listing does not exist or is no longer available.</Trans></p>
      <Link href={paths.listings.href()} className={buttonClass('primary')}><Trans>Browse listings</Trans></Link>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold"><Trans>Could not load this listing</Trans></h1>
      <p role="alert" className="text-muted"><Trans>Check your connection and try again.</Trans></p>
      <Button onClick={onRetry}><Trans>Try Again</Trans></Button>
    </div>
  );
}

/**
 * What a visitor sees: the stored card at once, the full listing when it arrives, the saved copy
 * offline. Its owner or an Admin also sees a listing that is not public (from memory).
 */
function PublicListing({ id }: { id: string }) {
  const stored = useListing(id);
  const { pull, retry, unlisted } = useListingPull(id);
  useViewEvent(id);
  const { listing: rendered, missing } = useServerListing(id);
  const listing = stored ?? unlisted ?? rendered;

  if (listing) return <ListingView listing={listing} offline={pull === 'failed'} />;
  if (pull === 'notFound' || (missing && pull === 'loading')) return <NotFound />;
  if (pull === 'failed') return <LoadFailed onRetry={retry} />;
  return <PageSkeleton />;
}

/**
 * An Admin's review (mode=review): the listing as the server has it now (a pending one too), shown
 * once the pull answered so a stored older copy is never what gets approved, with the Approve and
 * Reject bars. No 'view' is recorded: a review is not a visit and would count in the company's
 * statistics.
 */
function ReviewListing({ id }: { id: string }) {
  const { pull, retry, unlisted } = useListingPull(id);
  // The pull's answer itself: the stored copy may still be the older one for a render.
  const listing = pull === 'done' ? unlisted : undefined;
  if (listing) {
    return (
      <>
        <ListingView listing={listing} offline={false} />
        <ApprovalBar subject="listing" id={listing.id} name={listing.name} />
      </>
    );
  }
  if (pull === 'notFound') return <NotFound />;
  if (pull === 'failed') return <LoadFailed onRetry={retry} />;
  return <PageSkeleton />;
}

/**
 * The public listing page (spec 2 §2). Pulls the full listing on mount and renders what Dexie
 * holds: a stored card at once, the full listing when it arrives, the saved copy offline. With
 * `mode=review` an Admin gets the review with Approve and Reject bars; anyone else the public page.
 */
export default function ListingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const { user } = useSnapshot(session);
  const review = params.get('mode') === 'review' && isAdmin(user);
  // Keyed on the mode: the two read different sources and must not share a pull's state.
  return review ? <ReviewListing key="review" id={id} /> : <PublicListing key="public" id={id} />;
}
