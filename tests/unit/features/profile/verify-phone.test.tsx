import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { usersApi } from '../../../../src/api/users';
import { PersonalInfoForm } from '../../../../src/features/profile/PersonalInfoForm';
import { VerifyPhoneDialog } from '../../../../src/features/profile/VerifyPhoneDialog';
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

function renderDialog(onVerified = vi.fn()) {
  renderWithI18n(<VerifyPhoneDialog phone="+47 12345678" sending={false} onResend={vi.fn()} onClose={vi.fn()} onVerified={onVerified} />);
  return onVerified;
}

describe('VerifyPhoneDialog', () => {
  it('shows the number, the WhatsApp-only note and a 6-character code field', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Verify your phone number' })).toBeTruthy();
    expect(screen.getByTestId('verify-phone-number').textContent).toBe('+47 12345678');
    expect(screen.getByText(/only possible via WhatsApp/)).toBeTruthy();
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    expect(code.inputMode).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it.each(['', '12345', ' 1234 '])('refuses %j with the verification-code rule', async (value) => {
    const spy = vi.spyOn(usersApi, 'confirmPhone');
    renderDialog();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter a valid verification code')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps at most 6 characters', () => {
    renderDialog();
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '1234567' } });
    expect(code.value).toBe('123456');
  });

  it('confirms exactly 6 characters and hands back the verified user', async () => {
    const verified = makeUser({ phoneNumberConfirmed: true });
    const spy = vi.spyOn(usersApi, 'confirmPhone').mockResolvedValue({ message: 'ok', user: verified });
    const onVerified = renderDialog();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(verified));
    expect(spy).toHaveBeenCalledWith('123456');
    expect(messages()).toContain('Phone number verified successfully');
  });

  it("replaces an earlier 'invalid code' with 'verified': one message per outcome", async () => {
    vi.spyOn(usersApi, 'confirmPhone')
      .mockRejectedValueOnce(new ApiError(400, 'Invalid verification code'))
      .mockResolvedValueOnce({ message: 'ok', user: makeUser({ phoneNumberConfirmed: true }) });
    const onVerified = renderDialog();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(snackbars.items).toHaveLength(1));
    expect(snackbars.items[0]!.severity).toBe('error');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(messages()).toEqual(['Phone number verified successfully']);
  });

  it('shows the failure', async () => {
    vi.spyOn(usersApi, 'confirmPhone').mockRejectedValue(new ApiError(0, 'network_error'));
    renderDialog();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(messages()).toContain('Failed to verify phone number'));
  });
});

describe('phone verification from the form', () => {
  it('sends the code, then verifies and shows Verified', async () => {
    const send = vi.spyOn(usersApi, 'verifyPhone').mockResolvedValue({ message: 'sent' });
    vi.spyOn(usersApi, 'confirmPhone').mockResolvedValue({ message: 'ok', user: makeUser({ phoneNumberConfirmed: true }) });
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify via WhatsApp' }));
    expect(send).toHaveBeenCalledWith('+47 12345678');
    expect(messages()).toEqual(['Sending verification code...']);
    // 'Sent' replaces 'Sending…': the same action's newer outcome.
    await waitFor(() => expect(messages()).toEqual(['Verification code sent to your WhatsApp account. Please check your messages.']));
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(session.user?.phoneNumberConfirmed).toBe(true));
    expect(messages()).toEqual(['Phone number verified successfully']);
  });

  it('reports a code that could not be sent', async () => {
    vi.spyOn(usersApi, 'verifyPhone').mockRejectedValue(new ApiError(502, 'Bad gateway'));
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify via WhatsApp' }));
    await waitFor(() => expect(messages()).toContain('Failed to send verification code. Please try again later.'));
  });
});
