import type { User } from '../../../src/domain/user';
import type { Gender } from '../../../src/domain/validation';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user as every API answer shows it: never the hash or internal counters. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    phoneNumber: row.phoneNumber,
    phoneNumberConfirmed: row.phoneNumberConfirmed,
    dateOfBirth: row.dateOfBirth,
    gender: (row.gender as Gender | null) ?? null,
    profilePictureId: row.profilePictureId,
    address: row.address,
    zipCode: row.zipCode,
    city: row.city,
    roles: row.roles,
    notificationPreferences: row.notificationPreferences,
    version: row.version,
  };
}
