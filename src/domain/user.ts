import type { Gender } from './validation';

/** Notification frequency on the wire (spec 1 §3). */
export const NotificationFrequency = { Instant: 0, EndOfDay: 1, Weekly: 2, Disabled: 3 } as const;
export type NotificationFrequencyValue = (typeof NotificationFrequency)[keyof typeof NotificationFrequency];
/** The words the interface uses for the frequencies, in wire order. */
export const FREQUENCY_WORDS = ['instant', 'endOfDay', 'weekly', 'disabled'] as const;
export type FrequencyWord = (typeof FREQUENCY_WORDS)[number];

export const frequencyToWord = (n: NotificationFrequencyValue): FrequencyWord => FREQUENCY_WORDS[n];
export const wordToFrequency = (w: FrequencyWord): NotificationFrequencyValue =>
  FREQUENCY_WORDS.indexOf(w) as NotificationFrequencyValue;

export const NOTIFICATION_TYPES = {
  newMessages: 'New messages',
  eventRequests: 'Event requests',
  listingUpdates: 'Listing approvals and updates',
  newsAndOffers: 'News and offers',
} as const;
export type NotificationTypeKey = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_KEYS = Object.keys(NOTIFICATION_TYPES) as NotificationTypeKey[];

export interface NotificationType {
  name: string;
  frequency: NotificationFrequencyValue;
}

export interface NotificationChannel {
  name: string;
  enabled: boolean;
  /** Interface-only: whether the channel's panel is open. Never stored on the server. */
  expanded?: boolean;
  notificationTypes: Partial<Record<NotificationTypeKey, NotificationType>>;
}

export interface NotificationPreferences {
  email: NotificationChannel;
  whatsApp: NotificationChannel;
}

function defaultChannel(name: string, enabled: boolean, frequency: NotificationFrequencyValue): NotificationChannel {
  const notificationTypes: NotificationChannel['notificationTypes'] = {};
  for (const key of NOTIFICATION_TYPE_KEYS) {
    notificationTypes[key] = {
      name: NOTIFICATION_TYPES[key],
      frequency: key === 'newsAndOffers' ? NotificationFrequency.Weekly : frequency,
    };
  }
  return { name, enabled, notificationTypes };
}

export function defaultNotificationPreferences(): NotificationPreferences {
  return {
    email: defaultChannel('Email', true, NotificationFrequency.Instant),
    whatsApp: defaultChannel('WhatsApp', false, NotificationFrequency.Instant),
  };
}

/** The user as the API returns it (GET /users/profile, and inside auth answers). */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phoneNumber: string | null;
  phoneNumberConfirmed: boolean;
  dateOfBirth: string | null;
  gender: Gender | null;
  profilePictureId: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  roles: string[];
  notificationPreferences: NotificationPreferences;
  version: number;
}

export interface AuthResponse {
  accessToken: string;
  /** Same value as accessToken; older clients read this name. */
  token: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: User;
}

export interface ApiErrorBody {
  message: string;
  errors?: { field: string; message: string }[];
}

export interface FileManifestEntry {
  blobFileId: string;
  shA256Hash: string;
}

/** A user's initials for an avatar without a picture (top bar, profile): first and last name. */
export function initialsOf(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.trim().slice(0, 1)}${user.lastName.trim().slice(0, 1)}`.toUpperCase() || '?';
}
