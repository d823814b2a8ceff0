import { z } from 'zod';
import { ApprovalType } from '../../../src/domain/companies';
import { EVENT_APPROVAL_TYPE, EVENT_LIMITS } from '../../../src/domain/events';

const TYPE_MESSAGE = `type must be ${ApprovalType.Company} (company), ${ApprovalType.Listing} (listing) or ${EVENT_APPROVAL_TYPE} (event)`;

/**
 * POST /approval (spec 2 §3, spec 3 §3): approve or reject a company (type 100), a listing (type 200)
 * or a planner event (type 300, whose rejection needs `rejectionMessage`; the others ignore it).
 */
export const approvalBody = z.object({
  id: z.uuid('The id must be a UUID'),
  approved: z.boolean('approved must be true or false'),
  type: z.union([z.literal(ApprovalType.Company), z.literal(ApprovalType.Listing), z.literal(EVENT_APPROVAL_TYPE)], TYPE_MESSAGE),
  rejectionMessage: z.string('rejectionMessage must be text')
    .max(EVENT_LIMITS.rejectionMessage, `The reason must be at most ${EVENT_LIMITS.rejectionMessage} characters`)
    .nullish().transform((v) => (v ?? '').trim()),
});

export type ApprovalBody = z.infer<typeof approvalBody>;
