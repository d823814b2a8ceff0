import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/http';
import { snackbars } from '../../../../src/state/snackbar';
import { CheckEmailScreen } from '../../../../src/features/auth/CheckEmailScreen';
import { renderAt } from './render';

const button = () => screen.getByTestId('resend-button') as HTMLButtonElement;
const status = () => screen.getByTestId('resend-status').textContent ?? '';
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const click = (el: HTMLElement) => act(async () => fireEvent.click(el));

beforeEach(() => {
  vi.useFakeTimers();
  snackbars.items = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderScreen() {
  const view = renderAt(<CheckEmailScreen email="nora@example.org" />, '/register');
  // Stay on the screen: the automatic move to the login page is cancelled by any interaction.
  fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
  return view;
}

describe('check-your-email screen', () => {
  it('starts at the top of the page with the focus on its heading', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt(<CheckEmailScreen email="nora@example.org" />, '/register');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Check your e-mail' }));
  });

  it('shows the address and counts down 60 s before the first resend', async () => {
    const resend = vi.spyOn(authApi, 'resendConfirmation').mockResolvedValue({ message: 'ok', remainingRetries: 4 });
    renderScreen();
    expect(screen.getByText('nora@example.org')).toBeTruthy();
    expect(button().textContent).toBe('Resend in 60 s');
    expect(button().disabled).toBe(true);
    tick(1000);
    expect(button().textContent).toBe('Resend in 59 s');
    tick(58_000);
    expect(button().textContent).toBe('Resend in 1 s');
    await click(button());
    expect(resend).not.toHaveBeenCalled();
    tick(1000);
    expect(button().textContent).toBe('Resend e-mail');
    expect(button().disabled).toBe(false);
    expect(status()).not.toMatch(/left/);
  });

  it('restarts the countdown after a resend, shows the notice for 3 s and the remaining retries, stops after 5', async () => {
    const resend = vi.spyOn(authApi, 'resendConfirmation');
    for (const left of [4, 3, 2, 1, 0]) resend.mockResolvedValueOnce({ message: 'sent', remainingRetries: left });
    renderScreen();
    for (let n = 1; n <= 5; n += 1) {
      tick(60_000);
      expect(button().textContent).toBe('Resend e-mail');
      await click(button());
      expect(resend).toHaveBeenCalledTimes(n);
      expect(resend).toHaveBeenLastCalledWith('nora@example.org');
      expect(status()).toContain('Confirmation e-mail resent.');
      if (n < 5) {
        expect(status()).toContain(`${5 - n} ${5 - n === 1 ? 'resend' : 'resends'} left`);
        expect(button().textContent).toBe('Resend in 60 s');
        tick(2999);
        expect(status()).toContain('resent');
        tick(1);
        expect(status()).not.toContain('resent');
      }
    }
    expect(button().textContent).toBe('Max retries reached');
    expect(button().disabled).toBe(true);
    tick(120_000);
    await click(button());
    expect(resend).toHaveBeenCalledTimes(5);
  });

  it('caps at 5 resends even when the server reports more retries', async () => {
    const resend = vi.spyOn(authApi, 'resendConfirmation').mockResolvedValue({ message: 'sent', remainingRetries: 5 });
    renderScreen();
    for (let n = 1; n <= 5; n += 1) {
      tick(60_000);
      await click(button());
    }
    expect(resend).toHaveBeenCalledTimes(5);
    expect(button().textContent).toBe('Max retries reached');
  });

  it('follows the server: a wait restarts the countdown, max_retries_reached ends resending', async () => {
    const resend = vi.spyOn(authApi, 'resendConfirmation')
      .mockRejectedValueOnce(new ApiError(429, 'Please wait 30 seconds before requesting another e-mail.'))
      .mockRejectedValueOnce(new ApiError(429, 'max_retries_reached: You have reached the maximum number of confirmation e-mails.'));
    renderScreen();
    tick(60_000);
    await click(button());
    expect(button().textContent).toBe('Resend in 30 s');
    tick(30_000);
    await click(button());
    expect(resend).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('Max retries reached');
    expect(button().disabled).toBe(true);
  });

  it('shows the email sending error in a red bottom-left toast and keeps the button usable', async () => {
    vi.spyOn(authApi, 'resendConfirmation').mockRejectedValue(new ApiError(500, 'mail down'));
    renderScreen();
    tick(60_000);
    await click(button());
    expect(snackbars.items).toEqual([
      expect.objectContaining({ message: 'Email sending error. Please try again later.', severity: 'error', position: 'bottom-left', durationMs: 6000 }),
    ]);
    expect(button().disabled).toBe(false);
  });

  it('goes to the login page after 5 s when the user does not interact', () => {
    const { location } = renderAt(<CheckEmailScreen email="nora@example.org" />, '/register');
    expect(screen.getByTestId('redirect-notice').textContent).toContain('You will be taken to the login page in 5 seconds.');
    tick(4999);
    expect(location.history.at(-1)).toBe('/register');
    tick(1);
    expect(location.history.at(-1)).toBe('/login?registered=1');
  });

  it('stays when the user interacts within the 5 s', () => {
    const { location } = renderAt(<CheckEmailScreen email="nora@example.org" />, '/register');
    fireEvent.pointerDown(screen.getByTestId('check-email'));
    tick(10_000);
    expect(location.history).toEqual(['/register']);
    expect(screen.getByTestId('redirect-notice').textContent).toBe('');
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login?registered=1');
  });
});
