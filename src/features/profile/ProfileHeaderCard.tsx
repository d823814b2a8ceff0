import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { filesApi } from '../../api/files';
import { initialsOf } from '../../domain/user';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { AvatarCropDialog } from './AvatarCropDialog';
import { AVATAR } from './constants';
import { toast } from './feedback';
import { useRoleLabel } from './messages';
import type { ProfileUser } from './types';
import { useAvatarActions } from './useAvatarActions';

function Avatar({ user, busy }: { user: ProfileUser; busy: boolean }) {
  const { t } = useLingui();
  const src = user.profilePictureId ? filesApi.url(user.profilePictureId, AVATAR.fetchWidth) : null;
  // The address that failed to load: the initials stand in until the picture changes.
  const [failed, setFailed] = useState<string | null>(null);
  const name = user.fullName || `${user.firstName} ${user.lastName}`;
  const size = { width: AVATAR.displayPx, height: AVATAR.displayPx };
  return (
    <div className="relative shrink-0" style={size}>
      {src && failed !== src ? (
        <img
          data-testid="avatar-image"
          src={src}
          alt={t`Profile picture of ${name}`}
          width={AVATAR.displayPx}
          height={AVATAR.displayPx}
          onError={() => setFailed(src)}
          className="h-full w-full rounded-full border border-border bg-surface-2 object-cover"
        />
      ) : (
        <div role="img" aria-label={t`No profile picture`} data-testid="avatar-placeholder"
          className="flex h-full w-full items-center justify-center rounded-full bg-accent text-4xl font-bold text-on-accent">
          <span aria-hidden="true">{initialsOf(user)}</span>
        </div>
      )}
      {busy && (
        <div className="absolute inset-0 flex items-center justify-center rounded-full bg-bg/70 text-fg">
          <Spinner size="lg" label={t`Updating profile picture…`} />
        </div>
      )}
    </div>
  );
}

/** Avatar with change/remove, full name, e-mail and role chips. */
export function ProfileHeaderCard({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const roleLabel = useRoleLabel();
  const { busy, upload, remove } = useAvatarActions();
  /** The chosen picture as a data URL while the crop dialog is open. */
  const [source, setSource] = useState<string | null>(null);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setSource(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => toast('avatar', t`Failed to crop image`, 'error');
    reader.readAsDataURL(file);
  }

  async function onSave(blob: Blob) {
    if (await upload(blob, user.email)) setSource(null);
  }

  return (
    <Card aria-labelledby={headingId}>
      <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-center sm:text-left">
        <Avatar user={user} busy={busy !== null} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 id={headingId} className="break-words text-xl font-semibold text-fg">{user.fullName || `${user.firstName} ${user.lastName}`}</h2>
          <p className="break-all text-sm text-muted">{user.email}</p>
          {user.roles.length > 0 && (
            <ul aria-label={t`Roles`} className="flex flex-wrap justify-center gap-2 sm:justify-start">
              {user.roles.map((role) => (
                <li key={role} className="rounded-full border border-accent px-3 py-0.5 text-xs font-semibold text-accent">{roleLabel(role)}</li>
              ))}
            </ul>
          )}
          <div className="mt-2 flex flex-wrap justify-center gap-2 sm:justify-start">
            <input
              ref={inputRef}
              type="file"
              accept="image/*"
              className="hidden"
              tabIndex={-1}
              aria-label={t`Choose a profile picture`}
              data-testid="avatar-input"
              onChange={onPick}
            />
            <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={busy !== null}>
              <Trans>Change photo</Trans>
            </Button>
            {user.profilePictureId && (
              <Button variant="danger" onClick={() => void remove(user.profilePictureId!)} loading={busy === 'remove'} disabled={busy !== null}>
                <Trans>Remove photo</Trans>
              </Button>
            )}
          </div>
        </div>
      </div>
      {source && (
        <AvatarCropDialog src={source} saving={busy === 'upload'} onCancel={() => setSource(null)} onSave={onSave} />
      )}
    </Card>
  );
}
