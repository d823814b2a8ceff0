/**
 * Company wire types, statuses and form rules (spec 2 §3, §4, §5, §9), shared by the app and the
 * server: the server enforces exactly the rules the form shows.
 */
import type { FieldError } from './validation';

/** Company status codes (spec 2 §4). Any other value is shown as 'Unknown'. */
export const CompanyStatus = {
  Active: 100,
  AwaitingApproval: 200,
  Rejected: 250,
  Deleted: 300,
} as const;
export type CompanyStatusCode = (typeof CompanyStatus)[keyof typeof CompanyStatus];

/** Days a deleted company can be restored before the purge job removes it (spec 2 §9). */
export const COMPANY_RETENTION_DAYS = 30;

/** Card styles of /companies (spec 2 §2, §9); the choice is remembered on the device. */
export const COMPANY_STYLES = ['default', 'minimal', 'elegant', 'modern'] as const;
export type CompanyStyle = (typeof COMPANY_STYLES)[number];

/** Longest accepted text per field (server and form). */
export const COMPANY_LIMITS = {
  name: 100,
  shortDescription: 300,
  description: 5000,
  organizationNumber: 20,
  url: 500,
  phoneNumber: 30,
  email: 254,
} as const;

/** The public face of a company (overview page, listing side card). */
export interface Company {
  id: string;
  name: string;
  shortDescription: string;
  description: string;
  logoImageUri: string | null;
  bannerImageUri: string | null;
  organizationNumber: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  twitterUrl: string | null;
  youtubeUrl: string | null;
  phoneNumber: string | null;
  email: string | null;
  status: number;
}

/** A company as its owner or an Admin sees it: every field of spec 2 §3. */
export interface OwnedCompany extends Company {
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it was deleted (status Deleted), else null; restorable for COMPANY_RETENTION_DAYS. */
  deletedAt: string | null;
  stripeCustomerId: string | null;
  activeSubscriptionId: string | null;
  activeProductId: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  subscriptionHistory: unknown[];
  oneTimePurchaseHistory: unknown[];
  listingTokens: number;
  eventClickTokens_Subscription: number;
  eventClickTokens_Extras: number;
  version: number;
  /** Who owns it, named: sent to Admins only (the approval queue and review), else absent. */
  owner?: CompanyOwner | null;
}

export interface CompanyOwner {
  fullName: string;
  email: string;
}

/**
 * The fields a company form sends (POST /company, PUT /company/{id}). Empty strings mean "not
 * given". `id` on POST lets an offline-created company keep its id (a UUID made on the device).
 */
export interface CompanyInput {
  id?: string;
  name: string;
  shortDescription: string;
  description: string;
  logoImageUri: string | null;
  bannerImageUri: string | null;
  organizationNumber: string;
  websiteUrl: string;
  facebookUrl: string;
  instagramUrl: string;
  twitterUrl: string;
  youtubeUrl: string;
  phoneNumber: string;
  email: string;
}

export const CompanyMessages = {
  NameRequired: 'Name is required',
  ShortDescriptionRequired: 'Short Description is required',
  OrganizationNumberDigits: 'Organization number must contain digits only',
  PhoneInvalid: 'Phone number may contain only digits, +, -, spaces and parentheses',
  EmailInvalid: 'Please enter a valid email address',
  TooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** The URL fields and the name the spec's error message uses for each ('WEBSITE is not a valid URL'). */
export const COMPANY_URL_FIELDS = {
  websiteUrl: 'WEBSITE',
  facebookUrl: 'FACEBOOK',
  instagramUrl: 'INSTAGRAM',
  twitterUrl: 'TWITTER',
  youtubeUrl: 'YOUTUBE',
} as const satisfies Partial<Record<keyof CompanyInput, string>>;
export type CompanyUrlField = keyof typeof COMPANY_URL_FIELDS;

export const urlErrorMessage = (field: CompanyUrlField) => `${COMPANY_URL_FIELDS[field]} is not a valid URL`;

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const ORG_NUMBER = /^\d+$/;
const PHONE = /^[\d+\-\s()]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every problem of a company form (spec 2 §5), in field order; empty when it may be saved. */
export function validateCompany(input: CompanyInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const long = (field: keyof typeof COMPANY_LIMITS, value: string) => {
    if (value.length > COMPANY_LIMITS[field]) add(field, CompanyMessages.TooLong(COMPANY_LIMITS[field]));
  };
  if (!input.name.trim()) add('name', CompanyMessages.NameRequired);
  else long('name', input.name);
  if (!input.shortDescription.trim()) add('shortDescription', CompanyMessages.ShortDescriptionRequired);
  else long('shortDescription', input.shortDescription);
  long('description', input.description);
  const org = input.organizationNumber.trim();
  if (org && !ORG_NUMBER.test(org)) add('organizationNumber', CompanyMessages.OrganizationNumberDigits);
  else long('organizationNumber', org);
  const phone = input.phoneNumber.trim();
  if (phone && !PHONE.test(phone)) add('phoneNumber', CompanyMessages.PhoneInvalid);
  else long('phoneNumber', phone);
  const email = input.email.trim();
  if (email && !EMAIL.test(email)) add('email', CompanyMessages.EmailInvalid);
  else long('email', email);
  for (const field of Object.keys(COMPANY_URL_FIELDS) as CompanyUrlField[]) {
    const value = input[field].trim();
    if (!value) continue;
    if (!isHttpUrl(value)) add(field, urlErrorMessage(field));
    else if (value.length > COMPANY_LIMITS.url) add(field, CompanyMessages.TooLong(COMPANY_LIMITS.url));
  }
  return errors;
}

/** Approval kinds (spec 2 §3): POST /approval { id, approved, type }. */
export const ApprovalType = { Company: 100, Listing: 200 } as const;
export type ApprovalTypeCode = (typeof ApprovalType)[keyof typeof ApprovalType];

export interface ApprovalRequest {
  id: string;
  approved: boolean;
  type: ApprovalTypeCode;
}
