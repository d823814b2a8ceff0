import {
  NOTIFICATION_TYPES, NOTIFICATION_TYPE_KEYS, defaultNotificationPreferences, frequencyToWord, wordToFrequency,
  type FrequencyWord, type NotificationChannel, type NotificationPreferences, type NotificationTypeKey,
} from '../../domain/user';

export const CHANNEL_KEYS = ['email', 'whatsApp'] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];

/** A channel as the card shows it: frequencies as words, and whether its panel is open. */
export interface ChannelState {
  name: string;
  enabled: boolean;
  /** Interface-only (spec 1 §3): never sent. */
  expanded: boolean;
  frequencies: Record<NotificationTypeKey, FrequencyWord>;
}

export type PreferencesState = Record<ChannelKey, ChannelState>;

interface ChannelLike {
  readonly name?: string;
  readonly enabled: boolean;
  readonly expanded?: boolean;
  readonly notificationTypes: { readonly [K in NotificationTypeKey]?: { readonly frequency: number } };
}

function channelState(channel: ChannelLike | undefined, fallback: NotificationChannel): ChannelState {
  const source = channel ?? fallback;
  const frequencies = {} as Record<NotificationTypeKey, FrequencyWord>;
  for (const key of NOTIFICATION_TYPE_KEYS) {
    const frequency = source.notificationTypes[key]?.frequency ?? fallback.notificationTypes[key]!.frequency;
    frequencies[key] = frequencyToWord(frequency as 0 | 1 | 2 | 3) ?? 'instant';
  }
  // An enabled channel starts open so its settings are visible.
  return { name: source.name || fallback.name, enabled: source.enabled, expanded: source.expanded ?? source.enabled, frequencies };
}

/** The stored preferences (numeric frequencies) as the card's state; missing parts get defaults. */
export function toPreferencesState(preferences: { readonly email?: ChannelLike; readonly whatsApp?: ChannelLike } | null | undefined): PreferencesState {
  const defaults = defaultNotificationPreferences();
  return {
    email: channelState(preferences?.email, defaults.email),
    whatsApp: channelState(preferences?.whatsApp, defaults.whatsApp),
  };
}

/** The full object PUT /users/notification-preferences takes: numeric frequencies, no `expanded`. */
export function toPreferencesPayload(state: PreferencesState): NotificationPreferences {
  const channel = (c: ChannelState): NotificationChannel => {
    const notificationTypes: NotificationChannel['notificationTypes'] = {};
    for (const key of NOTIFICATION_TYPE_KEYS) {
      notificationTypes[key] = { name: NOTIFICATION_TYPES[key], frequency: wordToFrequency(c.frequencies[key]) };
    }
    return { name: c.name, enabled: c.enabled, notificationTypes };
  };
  return { email: channel(state.email), whatsApp: channel(state.whatsApp) };
}
