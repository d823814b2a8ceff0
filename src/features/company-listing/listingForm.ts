import {
  LISTING_NAME_MAX, LISTING_PRICE_MAX, LISTING_SHORT_MAX, ListingMessages, ListingStatus, savedVideoLinks, validateListing,
  type Listing, type ListingInput,
} from '../../domain/listings';
import type { Region } from '../../domain/locations';
import type { FieldError } from '../../domain/validation';
import { parseVideoLink } from '../../domain/video-links';

/** What the listing form holds while the user edits (and what is kept as the form draft). */
export interface ListingFormValues {
  name: string;
  shortDescription: string;
  /** HTML from the rich-text editor ('' when empty). */
  description: string;
  /** As typed: the number box's text ('' = no price, shown as 'Contact for Price'). */
  price: string;
  categoryId: string;
  subCategoryId: string;
  categoryServiceIds: string[];
  subCategoryServiceIds: string[];
  /** Region and county ids together (the spec's `locations[]`). */
  locations: string[];
  cardImageUri: string | null;
  bannerImageUri: string | null;
  galleryImageIds: string[];
  /** One row per link box, as typed (empty rows allowed while editing). */
  videoLinks: string[];
}

export type ListingField = keyof ListingFormValues | 'companyId';
export type FormErrors = Partial<Record<ListingField, string>>;

export const emptyListingForm = (): ListingFormValues => ({
  name: '', shortDescription: '', description: '', price: '', categoryId: '', subCategoryId: '',
  categoryServiceIds: [], subCategoryServiceIds: [], locations: [], cardImageUri: null, bannerImageUri: null,
  galleryImageIds: [], videoLinks: [],
});

export const formFromListing = (listing: Listing): ListingFormValues => ({
  name: listing.name,
  shortDescription: listing.shortDescription,
  description: listing.description,
  price: listing.price == null ? '' : String(listing.price),
  categoryId: listing.categoryId,
  subCategoryId: listing.subCategoryId ?? '',
  categoryServiceIds: [...listing.categoryServiceIds],
  subCategoryServiceIds: [...listing.subCategoryServiceIds],
  locations: listing.locations.length ? [...listing.locations] : [...listing.regionIds, ...listing.countyIds],
  cardImageUri: listing.cardImageUri,
  bannerImageUri: listing.bannerImageUri,
  galleryImageIds: [...listing.galleryImageIds],
  videoLinks: [...listing.videoLinks],
});

/** Name and short description are cut at their maximum as the user types (spec 2 §5). */
export const cutName = (value: string) => value.slice(0, LISTING_NAME_MAX);
export const cutShortDescription = (value: string) => value.slice(0, LISTING_SHORT_MAX);

/**
 * One field changed, with the clearing rules of spec 2 §4: a new category clears the
 * sub-category and both service lists; a new sub-category clears the sub-category services.
 */
export function changeField<K extends keyof ListingFormValues>(values: ListingFormValues, field: K, value: ListingFormValues[K]): ListingFormValues {
  const next = { ...values, [field]: value };
  if (field === 'name') next.name = cutName(value as string);
  if (field === 'shortDescription') next.shortDescription = cutShortDescription(value as string);
  if (field === 'categoryId' && value !== values.categoryId) {
    next.subCategoryId = '';
    next.categoryServiceIds = [];
    next.subCategoryServiceIds = [];
  }
  if (field === 'subCategoryId' && value !== values.subCategoryId) next.subCategoryServiceIds = [];
  return next;
}

/** The price box's number, null when empty; NaN when it is not a number. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 && value <= LISTING_PRICE_MAX ? value : Number.NaN;
}

/** 'Contact for Price' shows for an empty price and for 0 (spec 1 §1). */
export const isContactForPrice = (text: string) => {
  const price = parsePrice(text);
  return price === null || price === 0;
};

/** A video row's problem: empty rows are fine (dropped on save), an unsupported link is not. */
export const videoLinkError = (link: string): string | null =>
  link.trim() && !parseVideoLink(link) ? ListingMessages.VideoInvalid : null;

/** Every problem of the form, by field (the first of each), as spec 2 §5 words them. */
export function validateListingForm(values: ListingFormValues, companyId: string): FormErrors {
  const errors: FormErrors = {};
  const found: FieldError[] = validateListing({
    companyId, name: values.name, shortDescription: values.shortDescription, categoryId: values.categoryId, subCategoryId: values.subCategoryId,
  });
  for (const { field, message } of found) errors[field as ListingField] ??= message;
  if (Number.isNaN(parsePrice(values.price))) errors.price = ListingMessages.PriceInvalid;
  return errors;
}

/** Splits `locations` into regions and counties by the stored regions (what the local copy shows). */
export function splitLocations(locations: readonly string[], regions: readonly Region[]): { regionIds: string[]; countyIds: string[] } {
  const regionIds = new Set(regions.map((r) => r.id));
  return { regionIds: locations.filter((id) => regionIds.has(id)), countyIds: locations.filter((id) => !regionIds.has(id)) };
}

export type SaveStatus = typeof ListingStatus.Draft | typeof ListingStatus.PendingApproval;

/** What Save as Draft (0) or Request Approval (100) sends: empty video rows dropped, invalid ones left out. */
export function listingInput(values: ListingFormValues, companyId: string, status: SaveStatus): ListingInput {
  return {
    companyId,
    name: values.name.trim(),
    shortDescription: values.shortDescription.trim(),
    description: values.description,
    price: parsePrice(values.price),
    categoryId: values.categoryId,
    subCategoryId: values.subCategoryId,
    categoryServiceIds: values.categoryServiceIds,
    subCategoryServiceIds: values.subCategoryServiceIds,
    locations: values.locations,
    cardImageUri: values.cardImageUri,
    bannerImageUri: values.bannerImageUri,
    galleryImageIds: values.galleryImageIds,
    videoLinks: savedVideoLinks(values.videoLinks),
    status,
  };
}
