import { z } from 'zod';
import { NOTIFICATION_TYPE_KEYS, type NotificationTypeKey } from '../../../src/domain/user';
import { genderSchema } from '../../lib/validate';

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

/** A partial update: only the fields present change. */
export const profileBody = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  email: text(254).optional(),
  phoneNumber: text(40).nullish(),
  countryCode: text(6).nullish(),
  dateOfBirth: text(10).nullish(),
  gender: genderSchema.nullish(),
  profilePictureId: z.uuid('profilePictureId must be a file id').nullish(),
  address: text(200).nullish(),
  zipCode: text(20).nullish(),
  city: text(100).nullish(),
  mobile: text(40).nullish(),
});

const frequency = z.number().int('Frequency must be 0, 1, 2 or 3').min(0, 'Frequency must be 0, 1, 2 or 3').max(3, 'Frequency must be 0, 1, 2 or 3');

const channel = z.object({
  name: text(50).optional(),
  enabled: z.boolean(),
  expanded: z.boolean().optional(),
  notificationTypes: z.record(z.string(), z.object({ name: text(100).optional(), frequency }))
    .refine((types) => Object.keys(types).every((k) => NOTIFICATION_TYPE_KEYS.includes(k as NotificationTypeKey)),
      { message: `Notification types must be among ${NOTIFICATION_TYPE_KEYS.join(', ')}` }),
});

export const preferencesBody = z.object({ email: channel, whatsApp: channel });

export const verifyPhoneBody = z.object({ phoneNumber: text(40).nullish(), countryCode: text(6).nullish() });
export const confirmPhoneBody = z.object({ verificationCode: text(20) });
export const changePasswordBody = z.object({
  oldPassword: text(128).min(1, 'Old password is required'),
  newPassword: text(128),
  confirmPassword: text(128),
});

export type ProfileBody = z.infer<typeof profileBody>;
export type PreferencesBody = z.infer<typeof preferencesBody>;
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
