import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesApi } from '../../../../src/api/files';
import { ApiError } from '../../../../src/api/http';
import { usersApi } from '../../../../src/api/users';
import { AvatarCropDialog } from '../../../../src/features/profile/AvatarCropDialog';
import { AVATAR, clampAvatarZoom } from '../../../../src/features/profile/constants';
import { ProfileHeaderCard } from '../../../../src/features/profile/ProfileHeaderCard';
import { useAvatarActions } from '../../../../src/features/profile/useAvatarActions';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { activateEnglish, makeUser, renderWithI18n } from './helpers';

beforeAll(activateEnglish);
beforeEach(() => {
  session.user = makeUser();
  snackbars.items = [];
});
afterEach(() => vi.restoreAllMocks());

const messages = () => snackbars.items.map((s) => s.message);
const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
const blob = new Blob(['png'], { type: 'image/png' });
const FILE_ID = '11111111-1111-4111-8111-111111111111';

describe('avatar constants', () => {
  it('clamps the zoom to 0.5..3 on the 0.01 step', () => {
    expect(clampAvatarZoom(0.2)).toBe(0.5);
    expect(clampAvatarZoom(3.4)).toBe(3);
    expect(clampAvatarZoom(1.5 + 0.05)).toBe(1.55);
    expect(AVATAR).toMatchObject({ zoomStart: 1.5, zoomButtonStep: 0.05, cropAreaPx: 350, outputPx: 250, outputType: 'image/png', outputQuality: 0.95 });
  });
});

describe('AvatarCropDialog', () => {
  it('starts at zoom 1.5 with a 0.5..3 slider; minus and plus step 0.05', () => {
    renderWithI18n(<AvatarCropDialog src="data:image/png;base64,AAAA" saving={false} onCancel={vi.fn()} onSave={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeTruthy();
    const slider = screen.getByLabelText('Zoom') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0.5', '3', '0.01', '1.5']);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(slider.value).toBe('1.55');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(slider.value).toBe('1.45');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByTestId('image-crop-save')).toBeTruthy();
  });

  it('Cancel closes without saving', () => {
    const onCancel = vi.fn();
    const onSave = vi.fn();
    renderWithI18n(<AvatarCropDialog src="data:image/png;base64,AAAA" saving={false} onCancel={onCancel} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('ProfileHeaderCard', () => {
  it('shows initials without a picture, and the image, remove button and role chips with one', () => {
    const { unmount } = renderWithI18n(<ProfileHeaderCard user={makeUser()} />);
    expect(screen.getByRole('img', { name: 'No profile picture' }).textContent).toBe('NB');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    const input = screen.getByTestId('avatar-input') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    unmount();
    renderWithI18n(<ProfileHeaderCard user={makeUser({ profilePictureId: FILE_ID, roles: ['Admin'] })} />);
    expect((screen.getByTestId('avatar-image') as HTMLImageElement).getAttribute('src')).toBe(`/api/files/${FILE_ID}?width=256`);
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Roles' }).textContent).toBe('Admin');
    expect(screen.getByText('nora@example.org')).toBeTruthy();
  });
});

describe('useAvatarActions', () => {
  it('uploads avatar.png, points the profile at it with the e-mail and fetches the profile again', async () => {
    const upload = vi.spyOn(filesApi, 'upload').mockResolvedValue({ id: FILE_ID });
    const update = vi.spyOn(usersApi, 'updateProfile').mockResolvedValue(makeUser({ profilePictureId: FILE_ID }));
    const get = vi.spyOn(usersApi, 'getProfile').mockResolvedValue(makeUser({ profilePictureId: FILE_ID, version: 3 }));
    const { result } = renderHook(() => useAvatarActions(), { wrapper });
    let ok = false;
    await act(async () => {
      ok = await result.current.upload(blob, 'nora@example.org');
    });
    expect(ok).toBe(true);
    expect(upload).toHaveBeenCalledWith(blob, 'avatar.png');
    expect(update).toHaveBeenCalledWith({ profilePictureId: FILE_ID, email: 'nora@example.org' });
    expect(get).toHaveBeenCalled();
    expect(session.user?.version).toBe(3);
    expect(messages()).toEqual(['Profile picture updated successfully']);
    expect(snackbars.items[0]).toMatchObject({ severity: 'success', durationMs: 6000, position: 'bottom-center' });
  });

  it.each([
    ['upload', 'Failed to upload profile picture'],
    ['update', 'Failed to update profile picture'],
    ['unexpected', 'Error updating profile picture'],
  ] as const)('reports a failed %s', async (step, message) => {
    vi.spyOn(filesApi, 'upload').mockImplementation(async () => {
      if (step === 'upload') throw new ApiError(413, 'too large');
      if (step === 'unexpected') throw new TypeError('bug');
      return { id: FILE_ID };
    });
    const remove = vi.spyOn(filesApi, 'remove').mockResolvedValue(undefined);
    vi.spyOn(usersApi, 'updateProfile').mockRejectedValue(new ApiError(400, 'bad'));
    const { result } = renderHook(() => useAvatarActions(), { wrapper });
    await act(async () => {
      expect(await result.current.upload(blob, 'nora@example.org')).toBe(false);
    });
    expect(messages()).toEqual([message]);
    if (step === 'update') expect(remove).toHaveBeenCalledWith(FILE_ID);
  });

  it('removes the file, then clears the picture on the profile', async () => {
    const remove = vi.spyOn(filesApi, 'remove').mockResolvedValue(undefined);
    const update = vi.spyOn(usersApi, 'updateProfile').mockResolvedValue(makeUser());
    vi.spyOn(usersApi, 'getProfile').mockResolvedValue(makeUser());
    const { result } = renderHook(() => useAvatarActions(), { wrapper });
    await act(() => result.current.remove(FILE_ID));
    expect(remove).toHaveBeenCalledWith(FILE_ID);
    expect(update).toHaveBeenCalledWith({ profilePictureId: null });
    expect(messages()).toEqual(['Profile picture removed successfully']);
  });

  it('reports a failed removal and a failed profile update after removal', async () => {
    vi.spyOn(filesApi, 'remove').mockRejectedValueOnce(new ApiError(500, 'x')).mockResolvedValue(undefined);
    const update = vi.spyOn(usersApi, 'updateProfile').mockRejectedValue(new ApiError(500, 'x'));
    vi.spyOn(usersApi, 'getProfile').mockResolvedValue(makeUser());
    const { result } = renderHook(() => useAvatarActions(), { wrapper });
    await act(() => result.current.remove(FILE_ID));
    expect(update).not.toHaveBeenCalled();
    expect(messages()).toEqual(['Failed to remove profile picture']);
    await act(() => result.current.remove(FILE_ID));
    // The picture's newer outcome replaces the older one.
    expect(messages()).toEqual(['Failed to update profile after removing picture']);
  });
});
