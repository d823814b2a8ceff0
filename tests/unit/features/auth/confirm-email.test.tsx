import { StrictMode } from 'react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/http';
import ConfirmEmailPage from '../../../../src/features/auth/ConfirmEmailPage';
import { renderAt } from './render';

const USER = '4b0c3a52-2f0e-4a55-9d8e-6f7c1b2a3d4e';

afterEach(() => vi.restoreAllMocks());

describe('confirm e-mail', () => {
  it.each([
    ['no token', `/confirm-email?userId=${USER}`],
    ['no userId', '/confirm-email?token=abc'],
    ['an empty token', `/confirm-email?token=&userId=${USER}`],
    ['nothing', '/confirm-email'],
  ])('with %s shows the invalid-link error at once, without a call', (_, path) => {
    const confirm = vi.spyOn(authApi, 'confirmEmail');
    renderAt(<ConfirmEmailPage />, path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmation failed');
    expect(screen.getByRole('alert').textContent).toBe('The confirmation link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('calls once under StrictMode, shows the spinner, then success with Go to login', async () => {
    let resolve!: (v: { message: string }) => void;
    const confirm = vi.spyOn(authApi, 'confirmEmail').mockReturnValue(new Promise((r) => { resolve = r; }));
    renderAt(<StrictMode><ConfirmEmailPage /></StrictMode>, `/confirm-email?token=t%2B1&userId=${USER}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your e-mail…');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('t+1', USER);
    await act(async () => resolve({ message: 'ok' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('E-mail confirmed');
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('shows the server message, or the default text', async () => {
    vi.spyOn(authApi, 'confirmEmail').mockRejectedValueOnce(new ApiError(400, 'The confirmation link is invalid or has expired.'));
    const first = renderAt(<ConfirmEmailPage />, `/confirm-email?token=x&userId=${USER}`);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The confirmation link is invalid or has expired.');
    first.unmount();

    vi.spyOn(authApi, 'confirmEmail').mockRejectedValueOnce(new ApiError(500, ''));
    renderAt(<ConfirmEmailPage />, `/confirm-email?token=x&userId=${USER}`);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Email confirmation failed');
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });
});
