import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ListingMessages } from '../../domain/listings';

type ListingMessageKey = keyof typeof ListingMessages;

/** Translations of the listing rule messages (src/domain/listings.ts; the server sends the English). */
const DESCRIPTORS: Record<ListingMessageKey, MessageDescriptor> = {
  NameRequired: msg`Name is required.`,
  NameMin: msg`Name must be at least 3 characters.`,
  NameMax: msg`Name must be less than 50 characters.`,
  ShortRequired: msg`Short description is required.`,
  ShortMin: msg`Short description must be at least 10 characters.`,
  ShortMax: msg`Short description must be less than 150 characters.`,
  CategoryRequired: msg`Category is required.`,
  SubCategoryRequired: msg`Subcategory is required.`,
  CompanyRequired: msg`A company is required.`,
  PriceInvalid: msg`Price must be a number.`,
  VideoInvalid: msg`Please enter a valid embed URL: YouTube: youtube.com/embed/... or Vimeo: player.vimeo.com/video/...`,
};

const BY_ENGLISH = new Map<string, MessageDescriptor>(
  (Object.keys(ListingMessages) as ListingMessageKey[]).map((key) => [ListingMessages[key], DESCRIPTORS[key]]),
);

/** The descriptor of a listing rule message, or undefined for a message of the server's own. */
export const listingMessage = (english: string): MessageDescriptor | undefined => BY_ENGLISH.get(english);
