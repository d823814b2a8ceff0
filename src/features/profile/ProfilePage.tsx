import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';
import { PersonalInfoForm } from './PersonalInfoForm';
import { ProfileHeaderCard } from './ProfileHeaderCard';
import { SecurityCard } from './SecurityCard';
import { ProfileSyncNote } from './ProfileSyncNote';
import { useProfileLoader } from './useProfileLoader';

/** /profile: header with the avatar, personal information, notification preferences, security. */
export default function ProfilePage() {
  const { t } = useLingui();
  const { user: sessionUser } = useSnapshot(session);
  const { state, retry, stored } = useProfileLoader(sessionUser?.id ?? null);
  // The Dexie copy holds edits queued offline; the session copy stands in until it is read.
  const user = stored ?? sessionUser;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-fg sm:text-3xl"><Trans>My profile</Trans></h1>
      {!user ? (
        <Card><p className="text-fg"><Trans>Please log in to view your profile</Trans></p></Card>
      ) : state.status === 'loading' && !stored ? (
        <div className="flex justify-center py-20"><Spinner size="lg" label={t`Loading your profile…`} /></div>
      ) : state.status === 'error' ? (
        <Alert tone="error" title={state.kind === 'server' ? t`Failed to load profile data` : t`An error occurred while loading your profile`}>
          <Button variant="secondary" className="mt-3" onClick={retry}><Trans>Try again</Trans></Button>
        </Alert>
      ) : (
        <div className="flex flex-col gap-6">
          {state.status === 'offline' && (
            <p role="status" className="text-sm text-muted" data-testid="profile-offline">
              <Trans>You are offline. Showing the profile saved on this device; changes are sent when you are back online.</Trans>
            </p>
          )}
          <ProfileSyncNote userId={user.id} />
          <ProfileHeaderCard user={user} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <PersonalInfoForm user={user} />
            <div className="flex flex-col gap-6">
              {/* A new or newly verified phone changes what the server allows for WhatsApp: start afresh. */}
              <NotificationPreferencesCard
                key={`${user.phoneNumber ?? ''}|${user.phoneNumberConfirmed}`}
                preferences={user.notificationPreferences}
                phoneVerified={user.phoneNumberConfirmed}
              />
              <SecurityCard email={user.email} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
