import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { ListingCard as ListingCardData } from '../domain/listings';
import { paths } from '../config/paths';
import { Image } from './Image';
import { formatWholeNumber } from './wholeNumber';

/** A price in whole kroner in the active locale followed by Kr; null for no price or 0 (spec 1 §2, §9). */
export function formatPrice(price: number | null | undefined, locale: string): string | null {
  if (price == null || price === 0) return null;
  return `${formatWholeNumber(price, locale)} Kr`;
}

export interface ListingCardProps {
  listing: Pick<ListingCardData, 'id' | 'name' | 'shortDescription' | 'price' | 'cardImageUri'> & { company: { name: string } };
  /** The heading level of the name inside the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The favourite toggle (wired by the favourites screens); sits above the card's link. */
  favorite?: ReactNode;
  className?: string;
  /** The card's image is above the fold (the first row of a grid): loaded at once, shown as it arrives. */
  imagePriority?: boolean;
}

/**
 * A listing as a card: image, name, short description, company and price. The whole card opens
 * the listing; the link's accessible name is the listing name (a stretched link on the heading).
 */
export function ListingCard({ listing, headingLevel = 3, favorite, className = '', imagePriority = false }: ListingCardProps) {
  const { t, i18n } = useLingui();
  const Heading = `h${headingLevel}` as const;
  const price = formatPrice(listing.price, i18n.locale);
  return (
    <article className={`group relative flex flex-col overflow-hidden rounded-lg border border-border bg-surface transition-shadow focus-within:ring-2 focus-within:ring-accent hover:shadow-md ${className}`}>
      <Image fileId={listing.cardImageUri} width={400} alt={listing.name} aspectRatio="4 / 3" sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="text-lg font-semibold leading-snug">
          <Link href={paths.listing.href(listing.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {listing.name}
          </Link>
        </Heading>
        {listing.shortDescription && <p className="line-clamp-2 text-sm text-muted">{listing.shortDescription}</p>}
        <p className="mt-auto pt-2 text-sm text-muted">{listing.company.name}</p>
        <p className="text-base font-semibold" data-testid="listing-price">{price ?? t`Contact for Price`}</p>
      </div>
      {favorite && <div className="absolute right-2 top-2 z-10">{favorite}</div>}
    </article>
  );
}
