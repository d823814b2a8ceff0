import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/http';
import type { AuthResponse, User } from '../../../../src/domain/user';
import { clearSession, session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import LoginPage from '../../../../src/features/auth/LoginPage';
import { renderAt } from './render';

const user = { id: 'u1', email: 'nora@example.org', firstName: 'Nora', lastName: 'Berg', fullName: 'Nora Berg', roles: [] } as unknown as User;
const auth = (accessToken = 'aaa.bbb.ccc'): AuthResponse => ({ accessToken, token: accessToken, refreshToken: 'r1', expiresIn: 900, user });

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
function fill(email = 'nora@example.org', password = 'Journey1!') {
  fireEvent.change(field(/^E-mail/), { target: { value: email } });
  fireEvent.change(field(/^Password/), { target: { value: password } });
}
const submit = () => act(async () => fireEvent.submit(screen.getByTestId('login-form')));
const messages = () => snackbars.items.map((s) => s.message);

beforeEach(() => {
  snackbars.items = [];
  clearSession();
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('login', () => {
  it('needs e-mail and password and links to forgot-password and register', async () => {
    const login = vi.spyOn(authApi, 'login');
    renderAt(<LoginPage />, '/login');
    await submit();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('logs in with remember me and returns to the page the user came from (path plus query)', async () => {
    const login = vi.spyOn(authApi, 'login').mockResolvedValue(auth());
    const { location } = renderAt(<LoginPage />, `/login?returnTo=${encodeURIComponent('/favorites?page=2')}`);
    fill(' nora@example.org ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await submit();
    expect(login.mock.calls[0]?.slice(0, 2)).toEqual(['nora@example.org', 'Journey1!']);
    expect(session.remember).toBe(true);
    expect(location.history.at(-1)).toBe('/favorites?page=2');
  });

  it.each([['no returnTo', '/login'], ['another origin', `/login?returnTo=${encodeURIComponent('//evil.example')}`]])(
    'goes home with %s', async (_, path) => {
      vi.spyOn(authApi, 'login').mockResolvedValue(auth());
      const { location } = renderAt(<LoginPage />, path);
      fill();
      await submit();
      expect(location.history.at(-1)).toBe('/');
    });

  it.each([
    [new ApiError(401, 'invalid_credentials: The e-mail or password is incorrect.'), 'Wrong e-mail or password.'],
    [new ApiError(0, 'network_error: The server could not be reached. Check your connection.'), 'Cannot reach the server. Check your connection.'],
    [new ApiError(500, 'Something broke'), 'Something broke'],
    [new ApiError(500, ''), 'Login failed'],
  ])('shows %s as "%s" in a 6 s snackbar', async (error, text) => {
    vi.spyOn(authApi, 'login').mockRejectedValue(error);
    const { location } = renderAt(<LoginPage />, '/login');
    fill();
    await submit();
    expect(snackbars.items).toEqual([expect.objectContaining({ message: text, severity: 'error', durationMs: 6000 })]);
    expect(location.history).toEqual(['/login']);
    expect(field(/^E-mail/).value).toBe('nora@example.org');
  });

  it('reports a malformed token as it is', async () => {
    vi.spyOn(authApi, 'login').mockResolvedValue(auth('not-a-jwt'));
    renderAt(<LoginPage />, '/login');
    fill();
    await submit();
    expect(messages()).toEqual(['Invalid authentication token received from server']);
    expect(session.user).toBeNull();
  });

  it('offers a new confirmation e-mail when the address is not confirmed', async () => {
    vi.spyOn(authApi, 'login').mockRejectedValue(new ApiError(403, 'email_not_verified: Please confirm your e-mail address before logging in.'));
    const resend = vi.spyOn(authApi, 'resendConfirmation')
      .mockResolvedValueOnce({ message: 'sent', remainingRetries: 4 })
      .mockRejectedValueOnce(new ApiError(429, 'Please wait 42 seconds before requesting another e-mail.'));
    renderAt(<LoginPage />, '/login');
    fill();
    await submit();
    // Said once, by the alert with the resend button; no snackbar repeating it.
    expect(messages()).toEqual([]);
    expect(screen.getAllByText('Your e-mail address is not confirmed yet')).toHaveLength(1);
    expect(screen.queryByText(/confirm your e-mail address first/i)).toBeNull();
    // The focus moves to it, so a screen reader reads it.
    expect(document.activeElement).toBe(screen.getByTestId('login-unconfirmed'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' })));
    expect(resend).toHaveBeenCalledWith('nora@example.org');
    expect(messages()).toEqual(['A new confirmation e-mail has been sent. Check your inbox.']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' })));
    // The newer outcome of the resend replaces the older one.
    expect(messages()).toEqual(['Please wait 42 seconds before requesting another e-mail.']);
  });

  it('an unconfirmed login after a wrong password leaves one message: the alert', async () => {
    vi.spyOn(authApi, 'login')
      .mockRejectedValueOnce(new ApiError(401, 'invalid_credentials: The e-mail or password is incorrect.'))
      .mockRejectedValueOnce(new ApiError(403, 'email_not_verified: Please confirm your e-mail address before logging in.'));
    renderAt(<LoginPage />, '/login');
    fill();
    await submit();
    expect(messages()).toEqual(['Wrong e-mail or password.']);
    await submit();
    expect(messages()).toEqual([]);
    expect(screen.getAllByText('Your e-mail address is not confirmed yet')).toHaveLength(1);
  });

  it('a second failed login replaces the first one\'s snackbar, and logging in takes it away', async () => {
    vi.spyOn(authApi, 'login')
      .mockRejectedValueOnce(new ApiError(401, 'invalid_credentials: The e-mail or password is incorrect.'))
      .mockRejectedValueOnce(new ApiError(500, 'Something broke'))
      .mockResolvedValueOnce(auth());
    renderAt(<LoginPage />, '/login');
    fill();
    await submit();
    await submit();
    expect(messages()).toEqual(['Something broke']);
    await submit();
    expect(messages()).toEqual([]);
  });

  it('sends a logged-in user back where they came from, or home', () => {
    session.user = user;
    expect(renderAt(<LoginPage />, '/login?returnTo=%2Flistings%3FcategoryId%3Dc1').location.history.at(-1)).toBe('/listings?categoryId=c1');
    cleanup();
    expect(renderAt(<LoginPage />, '/login').location.history.at(-1)).toBe('/');
    cleanup();
    // Never to another site, nor round to login again.
    expect(renderAt(<LoginPage />, '/login?returnTo=https%3A%2F%2Fevil.example%2F').location.history.at(-1)).toBe('/');
    cleanup();
    expect(renderAt(<LoginPage />, '/login?returnTo=%2Flogin%3FreturnTo%3D%252F').location.history.at(-1)).toBe('/');
  });

  it('tells a just-registered user to confirm the e-mail first', () => {
    renderAt(<LoginPage />, '/login?registered=1');
    expect(screen.getByRole('status').textContent).toContain('Your account has been created.');
  });
});
