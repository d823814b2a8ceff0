import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useListing } from '../../db/hooks';
import { pullListing } from '../../sync/pull';
import { Image } from '../../ui/Image';
import { formatPrice } from '../../ui/ListingCard';

// Each listing a conversation shows is fetched once per visit: enough to fill a card this device
// has never seen and to refresh a stored one, without a request per render.
const requested = new Set<string>();

/** A listing-marker message (spec 3 §2): the listing's card, opening the listing page. */
export function ListingMessageCard({ listingId, fallbackName }: { listingId: string; fallbackName: string | null }) {
  const { t, i18n } = useLingui();
  const listing = useListing(listingId);
  useEffect(() => {
    if (requested.has(listingId)) return;
    requested.add(listingId);
    // Offline or gone: the card shows what is known (the chat's listing name).
    pullListing(listingId).catch(() => requested.delete(listingId));
  }, [listingId]);
  const name = listing?.name ?? fallbackName ?? t`Listing`;
  const price = listing ? formatPrice(listing.price, i18n.locale) ?? t`Contact for Price` : null;
  return (
    <Link href={paths.listing.href(listingId)} data-testid="listing-message"
      className="flex w-64 max-w-full overflow-hidden rounded-lg border border-border bg-surface text-fg outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent">
      <Image fileId={listing?.cardImageUri} width={64} alt="" aspectRatio="1 / 1" className="w-20 shrink-0" />
      <span className="flex min-w-0 flex-col justify-center gap-0.5 px-3 py-2">
        <span className="text-xs text-muted"><Trans>Listing</Trans></span>
        <span className="truncate font-semibold" data-testid="listing-message-name">{name}</span>
        {price && <span className="text-sm text-accent" data-testid="listing-message-price">{price}</span>}
      </span>
    </Link>
  );
}
