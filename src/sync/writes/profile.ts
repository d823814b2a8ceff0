import { db } from '../../db/database';
import { usersApi, type ProfileUpdate } from '../../api/users';
import { pullProfile } from '../pull';
import { formatPhone } from '../../domain/phone';
import type { NotificationPreferences, User } from '../../domain/user';
import { defineWrite } from './kind';

const serverVersion = async () => (await usersApi.getProfile()).version;
const refresh = async (_p: unknown, userId: string) => {
  await pullProfile(userId);
};

const localVersion = async (userId: string) => (await db.profiles.get(userId))?.version ?? null;

/** Personal information (PUT /users/profile, If-Match on the local version). */
export const updateProfile = defineWrite<ProfileUpdate>({
  kind: 'profile.update',
  entity: 'profile',
  entityId: (_p, userId) => userId,
  request: (p) => ({ method: 'PUT', path: '/users/profile', body: p }),
  tables: () => [db.profiles],
  baseVersion: (_p, userId) => localVersion(userId),
  serverVersion,
  refresh,
  describe: async () => ({ action: 'profile.update', subject: null }),
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
});

/** Notification preferences (PUT /users/notification-preferences); the answer is the preferences, its ETag the version. */
export const updatePreferences = defineWrite<NotificationPreferences>({
  kind: 'profile.preferences',
  entity: 'profile',
  entityId: (_p, userId) => userId,
  request: (p) => ({ method: 'PUT', path: '/users/notification-preferences', body: p }),
  tables: () => [db.profiles],
  baseVersion: (_p, userId) => localVersion(userId),
  serverVersion,
  refresh,
  describe: async () => ({ action: 'profile.preferences', subject: null }),
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
});
