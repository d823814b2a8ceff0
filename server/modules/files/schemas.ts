import { z } from 'zod';

export const widthQuery = z.object({
  width: z.coerce.number().int('width must be a whole number').min(1, 'width must be at least 1').max(4096, 'width must be at most 4096').optional(),
});
