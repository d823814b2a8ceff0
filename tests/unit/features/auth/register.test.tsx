import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/http';
import { toIsoDate } from '../../../../src/domain/validation';
import { snackbars } from '../../../../src/state/snackbar';
import RegisterPage from '../../../../src/features/auth/RegisterPage';
import { renderAt } from './render';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => act(async () => fireEvent.submit(screen.getByTestId('register-form')));

function fillValid() {
  change(/^E-mail/, 'nora@example.org');
  change(/^Password/, 'Journey1!');
  change(/^Confirm password/, 'Journey1!');
  change(/^First name/, 'Nora');
  change(/^Last name/, 'Berg');
  change(/^Date of birth/, '1995-06-01');
  fireEvent.click(screen.getByRole('checkbox'));
}

beforeEach(() => {
  snackbars.items = [];
  vi.spyOn(authApi, 'checkEmailExists').mockResolvedValue({ exists: false });
  vi.spyOn(authApi, 'checkPhoneExists').mockResolvedValue({ exists: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('registration form', () => {
  it('has one h1, the optional selects with their defaults and terms links opening in a new tab', () => {
    renderAt(<RegisterPage />, '/register');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const gender = screen.getByLabelText(/^Gender/) as HTMLSelectElement;
    expect(gender.value).toBe('prefer-not-to-say');
    expect([...gender.options].map((o) => o.textContent)).toEqual(['Male', 'Female', 'Other', 'Prefer not to say']);
    const title = screen.getByLabelText(/^Preferred title/) as HTMLSelectElement;
    expect([...title.options].map((o) => o.value)).toEqual(['', 'Mr', 'Mrs', 'Ms', 'Mx', 'Dr', 'Other']);
    expect([...title.options].slice(1).map((o) => o.textContent)).toEqual(['Mr', 'Mrs', 'Ms', 'Mx', 'Dr', 'Other']);
    expect(field(/^Date of birth/).max).toBe(toIsoDate(new Date()));
    for (const [name, href] of [[/terms and conditions/, '/terms-and-conditions'], [/privacy policy/, '/privacy-policy']] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.textContent).toContain('(opens in a new tab)');
    }
  });

  it('shows each rule message under its field on submit and does not call the server', async () => {
    const register = vi.spyOn(authApi, 'register');
    renderAt(<RegisterPage />, '/register');
    change(/^Date of birth/, toIsoDate(new Date(Date.now() - 5 * 365 * 86_400_000)));
    change(/^Phone number/, '12ab');
    await submit();
    for (const text of ['Email is required', 'Password is required', 'Please confirm your password', 'First name is required',
      'Last name is required', 'You must be at least 13 years old to register', 'Invalid phone number format',
      'You must accept the terms and privacy policy to register']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(register).not.toHaveBeenCalled();
    expect(field(/^First name/).getAttribute('aria-describedby')).toBe(screen.getByText('First name is required').id);
  });

  it('validates a field on blur', () => {
    renderAt(<RegisterPage />, '/register');
    change(/^Password/, 'short');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    fireEvent.blur(field(/^Password/));
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    change(/^Confirm password/, 'other');
    fireEvent.blur(field(/^Confirm password/));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('checks the e-mail on blur', async () => {
    vi.mocked(authApi.checkEmailExists).mockResolvedValue({ exists: true });
    renderAt(<RegisterPage />, '/register');
    change(/^E-mail/, 'Taken@Example.org ');
    await act(async () => fireEvent.blur(field(/^E-mail/)));
    expect(authApi.checkEmailExists).toHaveBeenCalledWith('taken@example.org');
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
    change(/^E-mail/, 'free@example.org');
    expect(screen.queryByText('An account with this email already exists')).toBeNull();
  });

  it('reports a failed e-mail check without blocking', async () => {
    vi.mocked(authApi.checkEmailExists).mockRejectedValue(new ApiError(0, 'network_error'));
    renderAt(<RegisterPage />, '/register');
    change(/^E-mail/, 'nora@example.org');
    await act(async () => fireEvent.blur(field(/^E-mail/)));
    expect(snackbars.items.map((s) => s.message)).toEqual(['Email check failed']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the phone 500 ms after typing stops, with code and number', async () => {
    vi.useFakeTimers();
    vi.mocked(authApi.checkPhoneExists).mockResolvedValue({ exists: true });
    renderAt(<RegisterPage />, '/register');
    change(/^Phone number/, '4123456');
    act(() => vi.advanceTimersByTime(300));
    change(/^Phone number/, '41234567');
    act(() => vi.advanceTimersByTime(499));
    expect(authApi.checkPhoneExists).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(authApi.checkPhoneExists).toHaveBeenCalledTimes(1);
    expect(authApi.checkPhoneExists).toHaveBeenCalledWith('+47 41234567');
    expect(screen.getByText('This phone number is already registered')).toBeTruthy();
  });

  it('reports a failed phone check', async () => {
    vi.useFakeTimers();
    vi.mocked(authApi.checkPhoneExists).mockRejectedValue(new ApiError(500, 'boom'));
    renderAt(<RegisterPage />, '/register');
    change(/^Phone number/, '+46 70 123 45 67');
    await act(async () => vi.advanceTimersByTime(500));
    expect(authApi.checkPhoneExists).toHaveBeenCalledWith('+46 701234567');
    expect(snackbars.items.map((s) => s.message)).toEqual(['Phone check failed']);
  });

  it('asks for a country code when a phone is given without one', async () => {
    renderAt(<RegisterPage />, '/register');
    change(/^Phone number/, '41234567');
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: '' } });
    await submit();
    expect(screen.getByText('Country code is required')).toBeTruthy();
  });

  it('sends the registration payload and shows the check-your-email screen', async () => {
    const register = vi.spyOn(authApi, 'register').mockResolvedValue({ message: 'ok', userId: 'u1', email: 'nora@example.org' });
    renderAt(<RegisterPage />, '/register');
    fillValid();
    change(/^Phone number/, '0046 70 123 45 67');
    fireEvent.change(screen.getByLabelText(/^Gender/), { target: { value: 'female' } });
    fireEvent.change(screen.getByLabelText(/^Preferred title/), { target: { value: 'Dr' } });
    await submit();
    expect(register).toHaveBeenCalledWith({
      email: 'nora@example.org', password: 'Journey1!', confirmPassword: 'Journey1!', firstName: 'Nora', lastName: 'Berg',
      dateOfBirth: '1995-06-01', gender: 'female', acceptedTerms: true, phoneNumber: '70 123 45 67', countryCode: '+46', title: 'Dr',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check your e-mail');
    expect(screen.getByText('nora@example.org')).toBeTruthy();
  });

  it('leaves out an empty phone and stops on an existing e-mail found at submit', async () => {
    const register = vi.spyOn(authApi, 'register').mockResolvedValue({ message: 'ok', userId: 'u1', email: 'nora@example.org' });
    vi.mocked(authApi.checkEmailExists).mockResolvedValueOnce({ exists: true });
    renderAt(<RegisterPage />, '/register');
    fillValid();
    await submit();
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
    change(/^E-mail/, 'nora2@example.org');
    await submit();
    expect(register).toHaveBeenCalledWith(expect.not.objectContaining({ phoneNumber: expect.anything() }));
    expect(register.mock.calls[0]![0]).not.toHaveProperty('countryCode');
  });

  it('shows server field errors on their fields and keeps what was typed', async () => {
    vi.spyOn(authApi, 'register').mockRejectedValue(new ApiError(409, 'This phone number is already registered', [
      { field: 'phoneNumber', message: 'This phone number is already registered' },
    ]));
    renderAt(<RegisterPage />, '/register');
    fillValid();
    change(/^Phone number/, '41234567');
    await submit();
    expect(screen.getByText('This phone number is already registered')).toBeTruthy();
    expect(field(/^Phone number/).value).toBe('41234567');
    expect(field(/^E-mail/).value).toBe('nora@example.org');
    expect(field(/^Password/).value).toBe('Journey1!');
    expect(snackbars.items).toEqual([]);
  });

  it('shows other failures in a red bottom-left toast for 6 s, the newer replacing the older', async () => {
    vi.spyOn(authApi, 'register').mockRejectedValueOnce(new ApiError(500, '')).mockRejectedValueOnce(new ApiError(429, 'Too many requests'));
    renderAt(<RegisterPage />, '/register');
    fillValid();
    await submit();
    await waitFor(() => expect(snackbars.items).toHaveLength(1));
    expect(snackbars.items[0]).toMatchObject({ message: 'Registration failed', severity: 'error', position: 'bottom-left', durationMs: 6000 });
    await submit();
    await waitFor(() => expect(snackbars.items[0]).toMatchObject({ message: 'Too many requests' }));
    expect(snackbars.items).toHaveLength(1);
    expect(field(/^First name/).value).toBe('Nora');
  });
});
