import type { Listing } from '../../domain/listings';
import type { ServiceGroup } from '../../ui/EventSummary';

/** What a company's matching listings offer, gathered once. */
interface Offer {
  categoryIds: Set<string>;
  subCategoryIds: Set<string>;
  serviceIds: Set<string>;
}

function offerOf(listings: readonly Pick<Listing, 'categoryId' | 'subCategoryId' | 'categoryServiceIds' | 'subCategoryServiceIds'>[]): Offer {
  return {
    categoryIds: new Set(listings.map((l) => l.categoryId)),
    subCategoryIds: new Set(listings.flatMap((l) => (l.subCategoryId ? [l.subCategoryId] : []))),
    serviceIds: new Set(listings.flatMap((l) => [...l.categoryServiceIds, ...l.subCategoryServiceIds])),
  };
}

/**
 * The event's chosen categories and services narrowed to what the company's listings offer
 * (spec 3 §2, company's view): a service stays when some listing has it; a sub-category stays
 * when some listing is in it or one of its services stays; a category stays when some listing is
 * in it or anything under it stays. The rest of the planner's choices is not the company's concern.
 */
export function matchingServices(chosen: readonly ServiceGroup[], listings: Parameters<typeof offerOf>[0]): ServiceGroup[] {
  const offer = offerOf(listings);
  return chosen.flatMap((group) => {
    const services = group.services.filter((s) => offer.serviceIds.has(s.id));
    const subCategories = group.subCategories.flatMap((sub) => {
      const subServices = sub.services.filter((s) => offer.serviceIds.has(s.id));
      return offer.subCategoryIds.has(sub.id) || subServices.length > 0 ? [{ ...sub, services: subServices }] : [];
    });
    const keep = offer.categoryIds.has(group.id) || services.length > 0 || subCategories.length > 0;
    return keep ? [{ ...group, services, subCategories }] : [];
  });
}
