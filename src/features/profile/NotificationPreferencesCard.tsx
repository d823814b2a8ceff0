import { useId, useRef, useState } from 'react';
import { Description, Field, Label, Switch } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FREQUENCY_WORDS, NOTIFICATION_TYPE_KEYS, type FrequencyWord, type NotificationTypeKey } from '../../domain/user';
import { updatePreferences } from '../../sync/entities/profile';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/SelectField';
import { dismissToast, toast } from './feedback';
import { FREQUENCY_LABELS, NOTIFICATION_TYPE_LABELS } from './messages';
import { saveProfileChange } from './profileWrites';
import {
  CHANNEL_KEYS, toPreferencesPayload, toPreferencesState,
  type ChannelKey, type ChannelState, type PreferencesState,
} from './preferences';
import type { ProfileUser } from './types';

/** queued: saved on this device, sent when back online. */
type SaveStatus = 'idle' | 'saving' | 'saved' | 'queued';

/** Back to the last saved values; a channel whose switch flips back also opens or closes with it. */
function revert(current: PreferencesState, saved: PreferencesState): PreferencesState {
  const channel = (key: ChannelKey): ChannelState => ({
    ...saved[key],
    expanded: saved[key].enabled === current[key].enabled ? current[key].expanded : saved[key].enabled,
  });
  return { email: channel('email'), whatsApp: channel('whatsApp') };
}

export interface NotificationPreferencesCardProps {
  preferences: ProfileUser['notificationPreferences'] | null | undefined;
  /** WhatsApp can be switched on only with a verified phone. */
  phoneVerified: boolean;
}

/**
 * Email and WhatsApp channels with a frequency per notification type. Every change is saved at
 * once (the full object, numeric frequencies); a failed save puts the last saved values back.
 */
export function NotificationPreferencesCard({ preferences, phoneVerified }: NotificationPreferencesCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const baseId = useId();
  const [state, setState] = useState<PreferencesState>(() => toPreferencesState(preferences));
  const [status, setStatus] = useState<SaveStatus>('idle');
  /** What the server last confirmed. */
  const saved = useRef<PreferencesState | null>(null);
  /** Saves run one after another so the server ends with the latest change. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(0);

  function save(next: PreferencesState, previous: PreferencesState) {
    saved.current ??= previous;
    const seq = ++latest.current;
    setState(next);
    setStatus('saving');
    queue.current = queue.current.then(async () => {
      const failed = () => {
        if (seq === latest.current) {
          const back = saved.current ?? previous;
          setState((s) => revert(s, back));
          setStatus('idle');
        }
      };
      try {
        // Applied on this device at once and queued; sent now when online, later when not.
        const outcome = await saveProfileChange(updatePreferences, toPreferencesPayload(next));
        if (outcome.state === 'failed') {
          failed();
          toast('preferences', t`Failed to update notification preferences`, 'error');
          return;
        }
        saved.current = next;
        // The inline status says 'Saved' (or 'Saved on this device'): no snackbar repeating it, and
        // an earlier failure's snackbar goes, since this outcome is newer.
        if (seq === latest.current) setStatus(outcome.state === 'sent' ? 'saved' : 'queued');
        dismissToast('preferences');
      } catch {
        failed();
        toast('preferences', t`Error saving changes`, 'error');
      }
    });
  }

  function toggle(key: ChannelKey, enabled: boolean) {
    // Switching a channel on opens it, switching it off closes it.
    save({ ...state, [key]: { ...state[key], enabled, expanded: enabled } }, state);
  }

  function setFrequency(key: ChannelKey, type: NotificationTypeKey, word: FrequencyWord) {
    save({ ...state, [key]: { ...state[key], frequencies: { ...state[key].frequencies, [type]: word } } }, state);
  }

  function setExpanded(key: ChannelKey, expanded: boolean) {
    setState((s) => ({ ...s, [key]: { ...s[key], expanded } }));
  }

  const channelName = (key: ChannelKey) => (key === 'email' ? t`Email` : 'WhatsApp');

  return (
    <Card aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg"><Trans>Notification Preferences</Trans></h2>
        <p data-testid="prefs-status" role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
          {status === 'saving' ? t`Saving…` : status === 'saved' ? t`Saved` : status === 'queued' ? t`Saved on this device` : ''}
        </p>
      </div>
      <p className="mt-1 text-sm text-muted"><Trans>Choose how and how often we notify you. Changes are saved automatically.</Trans></p>
      <div className="mt-4 flex flex-col gap-4">
        {CHANNEL_KEYS.map((key) => {
          const channel = state[key];
          const name = channelName(key);
          const testKey = key === 'email' ? 'email' : 'whatsapp';
          const labelId = `${baseId}-${key}-label`;
          const panelId = `${baseId}-${key}-panel`;
          // WhatsApp needs a verified phone; an already enabled channel can still be switched off.
          const locked = key === 'whatsApp' && !phoneVerified && !channel.enabled;
          return (
            <div key={key} role="group" aria-labelledby={labelId} data-testid={`prefs-${testKey}`}
              className="rounded-md border border-border bg-surface-2 p-4">
              <div className="flex items-start gap-3">
                <Field disabled={locked} className="flex flex-1 flex-col gap-1">
                  <div className="flex items-center gap-3">
                    <Switch
                      checked={channel.enabled}
                      onChange={(on) => toggle(key, on)}
                      data-testid={`prefs-${testKey}-switch`}
                      className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-border bg-bg transition-colors data-[checked]:border-accent data-[checked]:bg-accent data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60"
                    >
                      <span aria-hidden="true" className="inline-block h-4 w-4 translate-x-1 rounded-full bg-muted transition-transform group-data-[checked]:translate-x-6 group-data-[checked]:bg-on-accent" />
                    </Switch>
                    <Label id={labelId} className="text-base font-semibold text-fg">{name}</Label>
                  </div>
                  {locked && (
                    <Description className="text-sm text-muted" data-testid="prefs-whatsapp-note">
                      <Trans>Verify your phone number under Personal Information to enable WhatsApp notifications.</Trans>
                    </Description>
                  )}
                </Field>
                <button
                  type="button"
                  aria-expanded={channel.expanded}
                  aria-controls={channel.expanded ? panelId : undefined}
                  onClick={() => setExpanded(key, !channel.expanded)}
                  className="rounded-md px-2 py-1 text-fg hover:bg-surface"
                  aria-label={channel.expanded ? t`Hide ${name} settings` : t`Show ${name} settings`}
                >
                  <span aria-hidden="true" className={`inline-block transition-transform ${channel.expanded ? 'rotate-180' : ''}`}>▾</span>
                </button>
              </div>
              {channel.expanded && (
                <div id={panelId} className="mt-4 grid gap-3 sm:grid-cols-2">
                  {NOTIFICATION_TYPE_KEYS.map((type) => (
                    <SelectField
                      key={type}
                      label={i18n._(NOTIFICATION_TYPE_LABELS[type])}
                      value={channel.frequencies[type]}
                      disabled={!channel.enabled}
                      onChange={(e) => setFrequency(key, type, e.target.value as FrequencyWord)}
                      data-testid={`prefs-${testKey}-${type}`}
                    >
                      {FREQUENCY_WORDS.map((word) => <option key={word} value={word}>{i18n._(FREQUENCY_LABELS[word])}</option>)}
                    </SelectField>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
