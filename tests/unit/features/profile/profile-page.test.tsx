import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { usersApi } from '../../../../src/api/users';
import ProfilePage from '../../../../src/features/profile/ProfilePage';
import { ChangePasswordForm } from '../../../../src/features/profile/ChangePasswordForm';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { db } from '../../../../src/db/database';
import { activateEnglish, makeUser, renderWithI18n, resetDexie } from './helpers';

beforeAll(activateEnglish);
beforeEach(async () => {
  session.user = makeUser();
  snackbars.items = [];
  await resetDexie();
});
afterEach(() => vi.restoreAllMocks());

const messages = () => snackbars.items.map((s) => s.message);

describe('ProfilePage', () => {
  it('asks to log in when there is no user', () => {
    session.user = null;
    const spy = vi.spyOn(usersApi, 'getProfile');
    renderWithI18n(<ProfilePage />);
    expect(screen.getByText('Please log in to view your profile')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });

  it('loads the profile, stores it and shows every section', async () => {
    vi.spyOn(usersApi, 'getProfile').mockResolvedValue(makeUser({ firstName: 'Kari', fullName: 'Kari Berg', version: 7 }));
    renderWithI18n(<ProfilePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My profile');
    expect(await screen.findByRole('heading', { name: 'Kari Berg' })).toBeTruthy();
    expect((await db.profiles.get('u1'))?.version).toBe(7);
    for (const name of ['Personal Information', 'Notification Preferences', 'Security']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offline, shows the profile saved on this device', async () => {
    vi.spyOn(usersApi, 'getProfile').mockRejectedValue(new ApiError(0, 'network_error'));
    renderWithI18n(<ProfilePage />);
    expect(await screen.findByTestId('profile-offline')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy();
  });

  it('shows the load failure with a retry', async () => {
    const spy = vi.spyOn(usersApi, 'getProfile')
      .mockRejectedValueOnce(new ApiError(500, 'boom'))
      .mockRejectedValueOnce(new TypeError('unexpected'))
      .mockResolvedValue(makeUser());
    renderWithI18n(<ProfilePage />);
    expect(await screen.findByText('Failed to load profile data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('An error occurred while loading your profile')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('ChangePasswordForm', () => {
  const ids: Record<string, string> = { 'Current password': 'password-old', 'New password': 'password-new', 'Confirm new password': 'password-confirm' };
  const field = (label: string) => {
    const input = screen.getByTestId(ids[label]!);
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(new RegExp(`^${label}`));
    return input;
  };

  it('checks the new password rules before calling the server', async () => {
    const spy = vi.spyOn(usersApi, 'changePassword');
    renderWithI18n(<ChangePasswordForm email="nora@example.org" />);
    fireEvent.change(field('New password'), { target: { value: 'short' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });

  it("puts the server's 'Incorrect password' on the current-password field", async () => {
    vi.spyOn(usersApi, 'changePassword').mockRejectedValue(
      new ApiError(400, 'Incorrect password', [{ field: 'oldPassword', message: 'Incorrect password' }]));
    renderWithI18n(<ChangePasswordForm email="nora@example.org" />);
    fireEvent.change(field('Current password'), { target: { value: 'Wrong1234!' } });
    fireEvent.change(field('New password'), { target: { value: 'Better123!' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'Better123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(messages()).toContain('Failed to change password');
  });

  it('changes the password and clears the form', async () => {
    const spy = vi.spyOn(usersApi, 'changePassword').mockResolvedValue({ message: 'ok' });
    renderWithI18n(<ChangePasswordForm email="nora@example.org" />);
    fireEvent.change(field('Current password'), { target: { value: 'Old12345!' } });
    fireEvent.change(field('New password'), { target: { value: 'Better123!' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'Better123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(messages()).toContain('Your password has been changed'));
    expect(spy).toHaveBeenCalledWith('Old12345!', 'Better123!', 'Better123!');
    expect((field('Current password') as HTMLInputElement).value).toBe('');
  });
});
