import { z } from 'zod';
import { genderSchema } from '../../lib/validate';

const str = (max = 200) => z.string().max(max, `Must be at most ${max} characters`);

export const registerBody = z.object({
  email: str(254),
  password: str(128),
  confirmPassword: str(128),
  firstName: str(),
  lastName: str(),
  dateOfBirth: str(10),
  gender: genderSchema.nullish(),
  acceptedTerms: z.boolean('acceptedTerms must be true or false'),
  phoneNumber: str(40).nullish(),
  countryCode: str(6).nullish(),
  /** Optional preferred title mentioned by the Norwegian text; kept out of the profile. */
  title: z.enum(['Mr', 'Mrs', 'Ms', 'Mx', 'Dr', 'Other']).nullish(),
});

export const loginBody = z.object({
  email: str(254).min(1, 'Email is required'),
  password: str(128).min(1, 'Password is required'),
  rememberMe: z.boolean().optional(),
  deviceId: str(100).optional(),
});

export const emailBody = z.object({ email: str(254) });
export const refreshBody = z.object({ refreshToken: str(200).min(1, 'refreshToken is required') });

export const confirmEmailQuery = z.object({
  token: str(200).min(1, 'token is required'),
  userId: z.uuid('The confirmation link is invalid or has expired.'),
});

/** Reading A: token and userId in the query, {password, confirmPassword} in the body. */
export const resetQuery = z.object({ token: str(200).optional(), userId: z.uuid().optional() });
/** Reading B: {email, token, newPassword} in the body. Either reading's fields are accepted. */
export const resetBody = z.object({
  email: str(254).optional(),
  token: str(200).optional(),
  userId: z.uuid().optional(),
  password: str(128).optional(),
  newPassword: str(128).optional(),
  confirmPassword: str(128).optional(),
});

export const phoneQuery = z.object({ phoneNumber: str(40).min(1, 'phoneNumber is required'), countryCode: str(6).optional() });

export type RegisterBody = z.infer<typeof registerBody>;
export type ResetQuery = z.infer<typeof resetQuery>;
export type ResetBody = z.infer<typeof resetBody>;
