import { z } from 'zod';
import type { CompanyInput } from '../../../src/domain/companies';
import { isUuid } from '../../../src/domain/ids';

export { uuidParam as companyIdParam } from '../../lib/validate';

/**
 * A text field of the company form: trimmed; missing or null is empty, so the domain rules
 * (validateCompany) give the form's own messages ('Name is required') rather than a type error.
 */
const text = z.string('Must be text').nullish().transform((value) => (value ?? '').trim());

/** An image field: a file id, or empty (null, '' or missing) for no image. */
const imageId = z.string('Must be a file id').nullish().transform((value, ctx) => {
  const id = (value ?? '').trim();
  if (!id) return null;
  if (!isUuid(id)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a file id' });
    return z.NEVER;
  }
  return id.toLowerCase();
});

/**
 * POST /company and PUT /company/{id}: the types here, the form's rules in validateCompany().
 * `id` (POST only) is a company id made on the device, so a company created offline keeps it.
 */
export const companyBody = z.object({
  id: z.uuid('The id must be a UUID').optional(),
  name: text,
  shortDescription: text,
  description: text,
  logoImageUri: imageId,
  bannerImageUri: imageId,
  organizationNumber: text,
  websiteUrl: text,
  facebookUrl: text,
  instagramUrl: text,
  twitterUrl: text,
  youtubeUrl: text,
  phoneNumber: text,
  email: text,
}) satisfies z.ZodType<CompanyInput, unknown>;

export type CompanyBody = z.infer<typeof companyBody>;
