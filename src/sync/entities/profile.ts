import { db } from '../../db/database';
import { usersApi, type ProfileUpdate } from '../../api/users';
import { pullProfile } from '../pull';
import { formatPhone } from '../../domain/phone';
import type { NotificationPreferences, User } from '../../domain/user';
import { defineEntity, write } from './define';

const serverVersion = async () => (await usersApi.getProfile()).version;
const baseVersion = async (_p: unknown, userId: string) => (await db.profiles.get(userId))?.version ?? null;

/** The signed-in user's profile (`profiles`, one row per user), keyed by user id; edits send If-Match. */
export const profile = defineEntity({
  name: 'profile',
  table: 'profiles',
  key: (_p, userId) => userId,
  pull: pullProfile,
  clear: async (userId) => {
    await db.profiles.delete(userId);
  },
  actionPrefix: 'profile',
  writes: {
    /** Personal information (PUT /users/profile). */
    update: write<ProfileUpdate>({
      request: (p) => ({ method: 'PUT', path: '/users/profile', body: p }),
      baseVersion,
      serverVersion,
      async apply(p, userId) {
        const current = await db.profiles.get(userId);
        if (!current) return;
        const next = { ...current };
        for (const key of ['firstName', 'lastName', 'dateOfBirth', 'address', 'zipCode', 'city'] as const) {
          if (p[key] !== undefined) (next as Record<string, unknown>)[key] = p[key];
        }
        next.fullName = `${next.firstName} ${next.lastName}`.trim();
        if (p.phoneNumber !== undefined) {
          const phone = p.phoneNumber ? formatPhone(p.countryCode ?? '', p.phoneNumber).trim() : null;
          // A new number is unverified until WhatsApp confirms it (the server does the same).
          if (phone !== current.phoneNumber) {
            next.phoneNumber = phone;
            next.phoneNumberConfirmed = false;
          }
        }
        if (p.profilePictureId !== undefined) next.profilePictureId = p.profilePictureId;
        await db.profiles.put(next);
      },
      async settle(_p, userId, answer) {
        await db.profiles.put({ ...(answer.body as User), id: userId, fetchedAt: Date.now() });
      },
    }),
    /** Notification preferences (PUT /users/notification-preferences); the answer is the preferences, its ETag the version. */
    preferences: write<NotificationPreferences>({
      request: (p) => ({ method: 'PUT', path: '/users/notification-preferences', body: p }),
      baseVersion,
      serverVersion,
      async apply(p, userId) {
        const current = await db.profiles.get(userId);
        if (current) await db.profiles.put({ ...current, notificationPreferences: p });
      },
      async settle(_p, userId, answer) {
        const current = await db.profiles.get(userId);
        if (!current) return;
        await db.profiles.put({
          ...current,
          notificationPreferences: answer.body as NotificationPreferences,
          ...(answer.version !== null ? { version: answer.version } : {}),
          fetchedAt: Date.now(),
        });
      },
    }),
  },
});

export const updateProfile = profile.writes.update;
export const updatePreferences = profile.writes.preferences;
