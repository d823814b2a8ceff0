import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/http';
import ForgotPasswordPage from '../../../../src/features/auth/ForgotPasswordPage';
import ResetPasswordPage from '../../../../src/features/auth/ResetPasswordPage';
import { renderAt } from './render';

afterEach(() => vi.restoreAllMocks());

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = (testId: string) => act(async () => fireEvent.submit(screen.getByTestId(testId)));
const LINK = `/reset-password?email=${encodeURIComponent('nora+1@example.org')}&token=${encodeURIComponent('t/k+n')}`;

function expectInvalid() {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid link');
  expect(screen.getByText('The password reset link is invalid or has expired.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/forgot-password');
  expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
}

describe('forgot password', () => {
  it('validates the e-mail, then shows the neutral success text', async () => {
    const forgot = vi.spyOn(authApi, 'forgotPassword').mockResolvedValue({ message: 'neutral' });
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    await submit('forgot-form');
    expect(screen.getByText('Email is required')).toBeTruthy();
    change(/^E-mail/, 'nope');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    change(/^E-mail/, ' nora@example.org ');
    await submit('forgot-form');
    expect(forgot).toHaveBeenCalledWith('nora@example.org');
    expect(screen.getByText('If an account exists for that e-mail, we have sent a link to reset your password.')).toBeTruthy();
  });

  it.each([[new ApiError(500, ''), 'Password reset request failed'], [new ApiError(429, 'Too many requests')  , 'Too many requests']])(
    'shows the server message or the default', async (error, text) => {
      vi.spyOn(authApi, 'forgotPassword').mockRejectedValue(error);
      renderAt(<ForgotPasswordPage />, '/forgot-password');
      change(/^E-mail/, 'nora@example.org');
      await submit('forgot-form');
      expect(screen.getByRole('alert').textContent).toBe(text);
      expect(field(/^E-mail/).value).toBe('nora@example.org');
    });
});

describe('reset password', () => {
  it.each([['no token', '/reset-password?email=a%40b.no'], ['no email', '/reset-password?token=abc'], ['nothing', '/reset-password']])(
    'shows the invalid-link state with %s', (_, path) => {
      const reset = vi.spyOn(authApi, 'resetPassword');
      renderAt(<ResetPasswordPage />, path);
      expectInvalid();
      expect(reset).not.toHaveBeenCalled();
    });

  it('applies the password rules, sends e-mail and token decoded from the link, then shows success', async () => {
    const reset = vi.spyOn(authApi, 'resetPassword').mockResolvedValue({ message: 'ok' });
    renderAt(<ResetPasswordPage />, LINK);
    await submit('reset-form');
    expect(screen.getByText('Password is required')).toBeTruthy();
    change(/^New password/, 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    change(/^New password/, 'longenough');
    expect(screen.getByText(/^Password must contain/)).toBeTruthy();
    change(/^New password/, 'Journey1!');
    change(/^Confirm new password/, 'Journey2!');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(reset).not.toHaveBeenCalled();
    change(/^Confirm new password/, 'Journey1!');
    await submit('reset-form');
    expect(reset).toHaveBeenCalledWith('nora+1@example.org', 't/k+n', 'Journey1!');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Password changed');
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });

  it('shows the invalid-link state when the server answers 400', async () => {
    vi.spyOn(authApi, 'resetPassword').mockRejectedValue(new ApiError(400, 'The password reset link is invalid or has expired.'));
    renderAt(<ResetPasswordPage />, LINK);
    change(/^New password/, 'Journey1!');
    change(/^Confirm new password/, 'Journey1!');
    await submit('reset-form');
    expectInvalid();
  });

  it('shows server rule errors on the field and other failures as a message', async () => {
    vi.spyOn(authApi, 'resetPassword')
      .mockRejectedValueOnce(new ApiError(400, 'Password must be at least 8 characters', [{ field: 'newPassword', message: 'Password must be at least 8 characters' }]))
      .mockRejectedValueOnce(new ApiError(500, ''));
    renderAt(<ResetPasswordPage />, LINK);
    change(/^New password/, 'Journey1!');
    change(/^Confirm new password/, 'Journey1!');
    await submit('reset-form');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    await submit('reset-form');
    expect(screen.getByRole('alert').textContent).toBe('Password reset failed');
  });
});
