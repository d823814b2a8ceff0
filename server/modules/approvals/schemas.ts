import { z } from 'zod';
import { ApprovalType } from '../../../src/domain/companies';

const TYPE_MESSAGE = `type must be ${ApprovalType.Company} (company) or ${ApprovalType.Listing} (listing)`;

/** POST /approval (spec 2 §3): approve or reject a company (type 100) or a listing (type 200). */
export const approvalBody = z.object({
  id: z.uuid('The id must be a UUID'),
  approved: z.boolean('approved must be true or false'),
  type: z.union([z.literal(ApprovalType.Company), z.literal(ApprovalType.Listing)], TYPE_MESSAGE),
});

export type ApprovalBody = z.infer<typeof approvalBody>;
