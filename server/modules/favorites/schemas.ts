import { z } from 'zod';

export const listingIdParam = z.object({ listingId: z.uuid('Must be a valid id') });
