import { Image } from '../../ui/Image';
import { BANNER_SIZES, BANNER_WIDTH, LARGE_WIDTHS } from '../../ui/banner-image';

/**
 * The listing's banner (spec 2 §2): aspect ratio 1 on small screens and 3 from lg up, at most
 * 400 px high on small screens and 600 px on desktop. The Image component's widths (400/800)
 * are too small for a full-width banner, so this one asks the server for up to 2000 px.
 * Without a banner (or while only the card is stored) the card image stands in.
 */
export function Banner({ fileId, alt }: { fileId: string | null | undefined; alt: string }) {
  return (
    <Image
      fileId={fileId}
      width={BANNER_WIDTH}
      widths={LARGE_WIDTHS}
      sizes={BANNER_SIZES}
      alt={alt}
      priority
      aspectRatio={null}
      data-testid="listing-banner"
      className="aspect-square max-h-[400px] w-full sm:rounded-lg lg:aspect-[3] lg:max-h-[600px]"
    />
  );
}
