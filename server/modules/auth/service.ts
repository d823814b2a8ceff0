import { and, eq, isNull, lte, lt, or, sql } from 'drizzle-orm';
import { defaultNotificationPreferences } from '../../../src/domain/user';
import { Messages, validateEmail, validateNewPassword, validateRegistration } from '../../../src/domain/validation';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, badRequest, forbidden, tooManyRequests, unauthorized, validationFailed } from '../../lib/errors';
import { consumeToken, createToken, invalidateTokens } from '../../lib/one-time-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { assertValid } from '../../lib/validate';
import { findUserByEmail, findUserById, phoneFromInput, phoneTaken } from '../users/service';
import { confirmationMail, resetPasswordMail } from './mails';
import type { RegisterBody, ResetBody, ResetQuery } from './schemas';
import type { Sessions } from './sessions';

/** For other modules: login sessions (refresh-token families). */
export { Sessions } from './sessions';

const INVALID_CONFIRMATION = 'The confirmation link is invalid or has expired.';
const INVALID_RESET = 'The password reset link is invalid or has expired.';
const NEUTRAL_FORGOT = 'If an account exists for this e-mail, we have sent a link to reset the password.';
const NEUTRAL_RESEND = 'If the account exists and is not yet confirmed, a new confirmation e-mail has been sent.';

function assertEmail(email: string) {
  const message = validateEmail(email);
  if (message) throw validationFailed([{ field: 'email', message }]);
}

/** Registration, e-mail confirmation, login sessions, password reset and the exists checks. */
export function authService(deps: AppDeps, sessions: Sessions) {
  const { db, config, mailer } = deps;

  return {
    async register(body: RegisterBody) {
      const now = deps.clock();
      assertValid(validateRegistration({ ...body, gender: body.gender ?? null }, now));
      const email = body.email.trim().toLowerCase();
      if (await findUserByEmail(db, email)) {
        throw new HttpError(409, Messages.EmailExists, [{ field: 'email', message: Messages.EmailExists }]);
      }
      const phone = body.phoneNumber?.trim() ? phoneFromInput(body.phoneNumber, body.countryCode) : null;
      if (phone && await phoneTaken(db, phone.key)) {
        throw new HttpError(409, Messages.PhoneExists, [{ field: 'phoneNumber', message: Messages.PhoneExists }]);
      }
      let created;
      try {
        [created] = await db.insert(users).values({
          email,
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          dateOfBirth: body.dateOfBirth,
          gender: body.gender ?? 'prefer-not-to-say',
          phoneNumber: phone?.display ?? null,
          phoneKey: phone?.key ?? null,
          notificationPreferences: defaultNotificationPreferences(),
          acceptedTermsAt: now,
          confirmationSentAt: now,
        }).returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, Messages.EmailExists, [{ field: 'email', message: Messages.EmailExists }]);
        throw error;
      }
      if (!created) throw new Error('insert returned no row');
      const token = await createToken(db, created.id, 'confirm-email', now);
      await mailer.send(confirmationMail(email, created.firstName, config.publicUrl, token, created.id));
      return { message: 'Registration successful. Please check your e-mail to confirm your account.', userId: created.id, email };
    },

    async confirmEmail(token: string, userId: string) {
      const now = deps.clock();
      const user = await findUserById(db, userId);
      if (!user) throw badRequest(INVALID_CONFIRMATION);
      if (await consumeToken(db, userId, 'confirm-email', token, now)) {
        await db.update(users).set({ emailConfirmed: true, updatedAt: now }).where(eq(users.id, userId));
        return { message: 'Your e-mail address is confirmed. You can now log in.' };
      }
      // A second click on the link after success is not an error for the user.
      if (user.emailConfirmed) return { message: 'Your e-mail address is already confirmed. You can log in.' };
      throw badRequest(INVALID_CONFIRMATION);
    },

    async resendConfirmation(email: string) {
      assertEmail(email);
      const now = deps.clock();
      const user = await findUserByEmail(db, email);
      if (!user || user.emailConfirmed) return { message: NEUTRAL_RESEND, remainingRetries: config.maxResends };
      if (user.confirmationSentCount >= config.maxResends) {
        throw tooManyRequests('max_retries_reached: You have reached the maximum number of confirmation e-mails.', 3600);
      }
      const earliest = new Date(now.getTime() - config.resendSpacingMs);
      // Conditional update: concurrent resends cannot both pass the count and spacing checks.
      const [claimed] = await db.update(users).set({
        confirmationSentCount: sql`${users.confirmationSentCount} + 1`,
        confirmationSentAt: now,
      }).where(and(
        eq(users.id, user.id),
        lt(users.confirmationSentCount, config.maxResends),
        or(isNull(users.confirmationSentAt), lte(users.confirmationSentAt, earliest)),
      )).returning({ count: users.confirmationSentCount });
      if (!claimed) {
        const sentAt = user.confirmationSentAt?.getTime() ?? now.getTime();
        const wait = (sentAt + config.resendSpacingMs - now.getTime()) / 1000;
        throw tooManyRequests(`Please wait ${Math.max(1, Math.ceil(wait))} seconds before requesting another e-mail.`, wait);
      }
      const token = await createToken(db, user.id, 'confirm-email', now);
      await mailer.send(confirmationMail(user.email, user.firstName, config.publicUrl, token, user.id));
      return { message: 'A new confirmation e-mail has been sent.', remainingRetries: config.maxResends - claimed.count };
    },

    async login(email: string, password: string) {
      const user = await findUserByEmail(db, email);
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !ok) throw unauthorized('invalid_credentials: The e-mail or password is incorrect.');
      if (!user.emailConfirmed) {
        throw forbidden('email_not_verified: Please confirm your e-mail address before logging in.');
      }
      return sessions.start(user);
    },

    async forgotPassword(email: string) {
      assertEmail(email);
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = await createToken(db, user.id, 'reset-password', deps.clock());
        await mailer.send(resetPasswordMail(user.email, config.publicUrl, token));
      }
      return { message: NEUTRAL_FORGOT };
    },

    async resetPassword(query: ResetQuery, body: ResetBody) {
      const token = query.token ?? body.token;
      const userId = query.userId ?? body.userId;
      const password = body.newPassword ?? body.password ?? '';
      const field = body.newPassword !== undefined ? 'newPassword' : 'password';
      if (!token || (!userId && !body.email)) throw badRequest(INVALID_RESET);
      // Reading B sends no confirmation; the form has already compared the two fields.
      assertValid(validateNewPassword(password, body.confirmPassword ?? password, field));
      const now = deps.clock();
      const user = userId ? await findUserById(db, userId) : await findUserByEmail(db, body.email ?? '');
      if (!user || !(await consumeToken(db, user.id, 'reset-password', token, now))) throw badRequest(INVALID_RESET);
      await db.update(users).set({
        passwordHash: await hashPassword(password),
        // Following a mailed link proves the address, so it counts as confirmation too.
        emailConfirmed: true,
        updatedAt: now,
      }).where(eq(users.id, user.id));
      await invalidateTokens(db, user.id, 'reset-password', now);
      await sessions.revokeAllFor(user.id);
      return { message: 'Your password has been reset. You can now log in with the new password.' };
    },

    async emailExists(email: string) {
      assertEmail(email);
      return { exists: Boolean(await findUserByEmail(db, email)) };
    },

    refresh: (refreshToken: string) => sessions.refresh(refreshToken),

    logout: (refreshToken: string) => sessions.endByToken(refreshToken),

    async phoneExists(phoneNumber: string, countryCode?: string) {
      const phone = phoneFromInput(phoneNumber, countryCode);
      return { exists: await phoneTaken(db, phone.key) };
    },
  };
}
