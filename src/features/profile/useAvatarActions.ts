import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { filesApi } from '../../api/files';
import { ApiError } from '../../api/http';
import { refreshManifestNow } from '../../sync/worker-bridge';
import { usersApi } from '../../api/users';
import type { User } from '../../domain/user';
import { storeProfile } from './profileWrites';
import { AVATAR } from './constants';
import { toast } from './feedback';

export type AvatarBusy = 'upload' | 'remove' | null;

/** Re-throws anything that is not an API failure, so the caller's catch-all handles it. */
function apiFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/** Re-fetches the profile after a picture change; the PUT answer stands in if that fails. */
async function refreshProfile(fallback?: User): Promise<void> {
  try {
    await storeProfile(await usersApi.getProfile());
  } catch {
    if (fallback) await storeProfile(fallback);
  }
}

/**
 * Upload and removal of the profile picture (spec 1 §4): an API failure of each step has its own
 * message; anything unexpected gets the general one.
 */
export function useAvatarActions() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<AvatarBusy>(null);

  /** Uploads the cropped picture and points the profile at it. Resolves true on success. */
  async function upload(blob: Blob, email: string): Promise<boolean> {
    setBusy('upload');
    try {
      let id: string;
      try {
        ({ id } = await filesApi.upload(blob, AVATAR.fileName));
      } catch (error) {
        apiFailure(error);
        toast('avatar', t`Failed to upload profile picture`, 'error');
        return false;
      }
      let updated: User;
      try {
        updated = await usersApi.updateProfile({ profilePictureId: id, email });
      } catch (error) {
        apiFailure(error);
        toast('avatar', t`Failed to update profile picture`, 'error');
        // The upload is not used by anything: do not leave it behind.
        void filesApi.remove(id).catch(() => undefined);
        return false;
      }
      await storeProfile(updated);
      // The new file is in the manifest now: the service worker learns of it at once.
      void refreshManifestNow();
      await refreshProfile(updated);
      toast('avatar', t`Profile picture updated successfully`, 'success');
      return true;
    } catch {
      toast('avatar', t`Error updating profile picture`, 'error');
      return false;
    } finally {
      setBusy(null);
    }
  }

  /** Deletes the picture file, then clears it on the profile. */
  async function remove(fileId: string): Promise<void> {
    setBusy('remove');
    try {
      try {
        await filesApi.remove(fileId);
      } catch (error) {
        // Already gone (404): the profile still has to forget it.
        if (apiFailure(error).status !== 404) {
          toast('avatar', t`Failed to remove profile picture`, 'error');
          return;
        }
      }
      let updated: User;
      try {
        updated = await usersApi.updateProfile({ profilePictureId: null });
      } catch (error) {
        apiFailure(error);
        toast('avatar', t`Failed to update profile after removing picture`, 'error');
        await refreshProfile();
        return;
      }
      await storeProfile(updated);
      void refreshManifestNow();
      await refreshProfile(updated);
      toast('avatar', t`Profile picture removed successfully`, 'success');
    } catch {
      toast('avatar', t`Failed to remove profile picture`, 'error');
    } finally {
      setBusy(null);
    }
  }

  return { busy, upload, remove };
}
