import { and, eq, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_LENGTH } from '../../../src/domain/constants';
import {
  NOTIFICATION_TYPES, NOTIFICATION_TYPE_KEYS, type NotificationChannel, type NotificationFrequencyValue, type NotificationPreferences,
} from '../../../src/domain/user';
import { Messages, validateNewPassword, validateProfile, validateVerificationCode } from '../../../src/domain/validation';
import { files, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { randomDigits } from '../../lib/crypto';
import { HttpError, badRequest, notFound, validationFailed } from '../../lib/errors';
import { consumeCode, createToken, invalidateTokens } from '../../lib/one-time-tokens';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { staleVersion } from '../../lib/versioning';
import { assertValid } from '../../lib/validate';
import type { Sessions } from '../auth/service';
import { phoneFromInput, type Phone } from './phone-input';
import { presentUser, type UserRow } from './present';
import { findUserById, phoneTaken } from './queries';
import type { ChangePasswordBody, PreferencesBody, ProfileBody, VerifyPhoneBody } from './schemas';

/** For other modules: the user row, its client shape, lookups and phone input. */
export { presentUser, type UserRow } from './present';
export { findUserByEmail, findUserById, phoneTaken } from './queries';
export { phoneFromInput, type Phone } from './phone-input';

/** Where a failure worth an operator's look is written (the request's logger, in the routes). */
export interface ErrorLog { error(details: object, message: string): void }

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/** Keeps only known types, fills the display names, and drops interface-only fields. */
function cleanChannel(input: PreferencesBody['email'], name: string): NotificationChannel {
  const notificationTypes: NotificationChannel['notificationTypes'] = {};
  for (const key of NOTIFICATION_TYPE_KEYS) {
    const type = input.notificationTypes[key];
    if (type) notificationTypes[key] = { name: NOTIFICATION_TYPES[key], frequency: type.frequency as NotificationFrequencyValue };
  }
  return { name, enabled: input.enabled, notificationTypes };
}

/** The signed-in user's own account: profile, notification preferences, phone verification, password. */
export function userService(deps: AppDeps, sessions: Sessions) {
  const { db } = deps;

  async function currentUser(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw notFound('User not found');
    return user;
  }

  async function assertPhoneFree(phone: Phone, userId: string) {
    if (await phoneTaken(db, phone.key, userId)) {
      throw new HttpError(409, Messages.PhoneExists, [{ field: 'phoneNumber', message: Messages.PhoneExists }]);
    }
  }

  return {
    /** The signed-in user's row (its version is the profile's ETag). */
    profile: currentUser,

    /** `expected` is the If-Match version or null. Answers the updated row. */
    async updateProfile(userId: string, expected: number | null, body: ProfileBody): Promise<UserRow> {
      const now = deps.clock();
      assertValid(validateProfile({ ...body, dateOfBirth: blankToNull(body.dateOfBirth) }, now));
      const user = await currentUser(userId);
      if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
        throw validationFailed([{ field: 'email', message: 'Email cannot be changed' }]);
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName.trim();
      if (body.lastName !== undefined) changes.lastName = body.lastName.trim();
      if (body.dateOfBirth !== undefined) changes.dateOfBirth = blankToNull(body.dateOfBirth);
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.address !== undefined) changes.address = blankToNull(body.address);
      if (body.zipCode !== undefined) changes.zipCode = blankToNull(body.zipCode);
      if (body.city !== undefined) changes.city = blankToNull(body.city);
      const phoneInput = body.phoneNumber !== undefined ? body.phoneNumber : body.mobile;
      if (phoneInput !== undefined) {
        const phone = phoneInput?.trim() ? phoneFromInput(phoneInput, body.countryCode) : null;
        if (phone) await assertPhoneFree(phone, userId);
        if ((phone?.key ?? null) !== user.phoneKey) {
          changes.phoneNumber = phone?.display ?? null;
          changes.phoneKey = phone?.key ?? null;
          changes.phoneNumberConfirmed = false;
          // WhatsApp needs a verified number: a new number switches the channel off.
          changes.notificationPreferences = {
            ...user.notificationPreferences,
            whatsApp: { ...user.notificationPreferences.whatsApp, enabled: false },
          };
        }
      }
      if (body.profilePictureId !== undefined && body.profilePictureId !== user.profilePictureId) {
        if (body.profilePictureId) {
          const [file] = await db.select({ ownerId: files.ownerId }).from(files).where(eq(files.id, body.profilePictureId)).limit(1);
          if (!file || file.ownerId !== userId) {
            throw validationFailed([{ field: 'profilePictureId', message: 'The picture must be a file you uploaded' }]);
          }
        }
        changes.profilePictureId = body.profilePictureId;
      }
      const [updated] = await db.update(users)
        .set({ ...changes, version: sql`${users.version} + 1`, updatedAt: now })
        .where(and(eq(users.id, userId), expected === null ? undefined : eq(users.version, expected))).returning();
      if (!updated) throw staleVersion('profile');
      return updated;
    },

    async updatePreferences(userId: string, expected: number | null, body: PreferencesBody): Promise<UserRow> {
      const user = await currentUser(userId);
      if (body.whatsApp.enabled && !user.phoneNumberConfirmed) {
        throw validationFailed([{ field: 'whatsApp.enabled', message: 'Verify your phone number to enable WhatsApp notifications' }]);
      }
      const preferences: NotificationPreferences = {
        email: cleanChannel(body.email, 'Email'),
        whatsApp: cleanChannel(body.whatsApp, 'WhatsApp'),
      };
      const [updated] = await db.update(users)
        .set({ notificationPreferences: preferences, version: sql`${users.version} + 1`, updatedAt: deps.clock() })
        .where(and(eq(users.id, userId), expected === null ? undefined : eq(users.version, expected))).returning();
      if (!updated) throw staleVersion('profile');
      return updated;
    },

    /** Sends a code by WhatsApp; `log` gets the provider's error when sending fails (answered 502). */
    async sendPhoneCode(userId: string, body: VerifyPhoneBody, log: ErrorLog) {
      const user = await currentUser(userId);
      const phone = body.phoneNumber?.trim()
        ? phoneFromInput(body.phoneNumber, body.countryCode)
        : user.phoneNumber ? phoneFromInput(user.phoneNumber) : null;
      if (!phone) throw validationFailed([{ field: 'phoneNumber', message: Messages.PhoneFirst }]);
      if (user.phoneNumberConfirmed && phone.key === user.phoneKey) {
        throw badRequest('This phone number is already verified');
      }
      await assertPhoneFree(phone, userId);
      const now = deps.clock();
      await invalidateTokens(db, userId, 'verify-phone', now);
      const code = randomDigits(VERIFICATION_CODE_LENGTH);
      await createToken(db, userId, 'verify-phone', now, { secret: code, target: phone.display });
      try {
        await deps.whatsApp.send(phone.display, `Your EventMarket verification code is ${code}. It is valid for 10 minutes.`);
      } catch (error) {
        log.error({ err: error }, 'WhatsApp code could not be sent');
        throw new HttpError(502, 'Failed to send verification code. Please try again later.');
      }
      return { message: 'Verification code sent to your WhatsApp account. Please check your messages.' };
    },

    async confirmPhone(userId: string, verificationCode: string) {
      const codeError = validateVerificationCode(verificationCode);
      if (codeError) throw validationFailed([{ field: 'verificationCode', message: codeError }]);
      const now = deps.clock();
      const target = await consumeCode(db, userId, 'verify-phone', verificationCode.trim(), now);
      if (!target) throw badRequest('The verification code is invalid or has expired');
      const phone = phoneFromInput(target);
      await assertPhoneFree(phone, userId);
      const [updated] = await db.update(users).set({
        phoneNumber: phone.display, phoneKey: phone.key, phoneNumberConfirmed: true,
        version: sql`${users.version} + 1`, updatedAt: now,
      }).where(and(eq(users.id, userId))).returning();
      if (!updated) throw notFound('User not found');
      return { message: 'Phone number verified successfully', user: presentUser(updated) };
    },

    /** Ends every other session of the user; `keepSessionId` (the caller's) stays logged in. */
    async changePassword(userId: string, body: ChangePasswordBody, keepSessionId: string | undefined) {
      const user = await currentUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw validationFailed([{ field: 'oldPassword', message: Messages.IncorrectPassword }]);
      }
      assertValid(validateNewPassword(body.newPassword, body.confirmPassword, 'newPassword'));
      await db.update(users).set({ passwordHash: await hashPassword(body.newPassword), updatedAt: deps.clock() })
        .where(eq(users.id, userId));
      // Other devices must log in again; this one keeps its session.
      await sessions.revokeAllFor(userId, keepSessionId);
      return { message: 'Password changed successfully' };
    },
  };
}
