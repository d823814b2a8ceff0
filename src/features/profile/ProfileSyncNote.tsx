import { Trans } from '@lingui/react/macro';
import { useEntitySync } from '../../sync/hooks';

/** Where the profile appears: whether its latest edits are still on their way, or need the user. */
export function ProfileSyncNote({ userId }: { userId: string }) {
  const { state } = useEntitySync('profile', userId, userId);
  if (state === 'synced') return null;
  return (
    <p role="status" data-testid="profile-sync" data-state={state}
      className={`rounded-md border px-4 py-2 text-sm ${state === 'pending' ? 'border-border text-fg' : 'border-danger text-danger'}`}>
      {state === 'pending'
        ? <Trans>Your latest changes are saved on this device and will be sent to the server when you are online.</Trans>
        : state === 'conflict'
          ? <Trans>Your profile was changed on another device. Use “review” at the top of the page to keep yours or take theirs.</Trans>
          : <Trans>A change to your profile was not accepted. Use “review” at the top of the page to try again or discard it.</Trans>}
    </p>
  );
}
