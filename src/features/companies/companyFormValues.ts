import { validateCompany, type Company, type CompanyInput } from '../../domain/companies';

/** What the company form holds: every field of CompanyInput (spec 2 §3), as typed. */
export type CompanyFormValues = Omit<CompanyInput, 'id'>;
export type CompanyField = keyof CompanyFormValues;
export type CompanyErrors = Partial<Record<CompanyField, string>>;

export const EMPTY_COMPANY_VALUES: CompanyFormValues = {
  name: '',
  shortDescription: '',
  description: '',
  logoImageUri: null,
  bannerImageUri: null,
  organizationNumber: '',
  websiteUrl: '',
  facebookUrl: '',
  instagramUrl: '',
  twitterUrl: '',
  youtubeUrl: '',
  phoneNumber: '',
  email: '',
};

const TEXT_FIELDS = [
  'name', 'shortDescription', 'description', 'organizationNumber', 'websiteUrl', 'facebookUrl', 'instagramUrl',
  'twitterUrl', 'youtubeUrl', 'phoneNumber', 'email',
] as const satisfies readonly CompanyField[];
const IMAGE_FIELDS = ['logoImageUri', 'bannerImageUri'] as const satisfies readonly CompanyField[];

/** The form's order of fields: the first invalid one gets the focus. */
export const COMPANY_FIELDS: readonly CompanyField[] = [...TEXT_FIELDS, ...IMAGE_FIELDS];

/** A stored company in the form (absent values are empty fields). */
export function valuesFromCompany(company: Company): CompanyFormValues {
  return {
    name: company.name ?? '',
    shortDescription: company.shortDescription ?? '',
    description: company.description ?? '',
    logoImageUri: company.logoImageUri ?? null,
    bannerImageUri: company.bannerImageUri ?? null,
    organizationNumber: company.organizationNumber ?? '',
    websiteUrl: company.websiteUrl ?? '',
    facebookUrl: company.facebookUrl ?? '',
    instagramUrl: company.instagramUrl ?? '',
    twitterUrl: company.twitterUrl ?? '',
    youtubeUrl: company.youtubeUrl ?? '',
    phoneNumber: company.phoneNumber ?? '',
    email: company.email ?? '',
  };
}

/**
 * A stored draft back in the form. Drafts outlive releases and come from IndexedDB: only fields
 * of the right type are taken, the rest start from `base`. Null when it holds nothing usable.
 */
export function valuesFromDraft(raw: unknown, base: CompanyFormValues): CompanyFormValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const draft = raw as Record<string, unknown>;
  const values = { ...base };
  let found = false;
  for (const field of TEXT_FIELDS) {
    if (typeof draft[field] === 'string') {
      values[field] = draft[field];
      found = true;
    }
  }
  for (const field of IMAGE_FIELDS) {
    if (typeof draft[field] === 'string' || draft[field] === null) {
      values[field] = draft[field];
      found = true;
    }
  }
  return found ? values : null;
}

/** What is sent: text trimmed (the description as typed), images as they are. */
export function toCompanyInput(values: CompanyFormValues): CompanyFormValues {
  const out = { ...values };
  for (const field of TEXT_FIELDS) if (field !== 'description') out[field] = values[field].trim();
  return out;
}

/** The spec 2 §5 rules by field (the first message of each). */
export function companyErrors(values: CompanyFormValues): CompanyErrors {
  const errors: CompanyErrors = {};
  for (const e of validateCompany(toCompanyInput(values))) errors[e.field as CompanyField] ??= e.message;
  return errors;
}

export const sameValues = (a: CompanyFormValues, b: CompanyFormValues) =>
  COMPANY_FIELDS.every((field) => a[field] === b[field]);
