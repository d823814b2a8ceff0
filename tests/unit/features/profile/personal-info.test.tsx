import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { usersApi } from '../../../../src/api/users';
import { PersonalInfoForm, validatePersonalInfo, valuesFromUser } from '../../../../src/features/profile/PersonalInfoForm';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { db } from '../../../../src/db/database';
import { activateEnglish, makeUser, queueBackend, renderWithI18n, resetDexie } from './helpers';

beforeAll(activateEnglish);
beforeEach(() => {
  session.user = makeUser();
  snackbars.items = [];
});
afterEach(() => vi.restoreAllMocks());

const messages = () => snackbars.items.map((s) => s.message);
const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;

describe('personal information rules', () => {
  it('requires names and zip code and refuses a future birth date', () => {
    const values = { ...valuesFromUser(makeUser()), firstName: ' ', lastName: '', zipCode: '', dateOfBirth: '2999-01-01' };
    expect(validatePersonalInfo(values, new Date(2026, 0, 1))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth cannot be in the future',
      zipCode: 'Zip code is required',
    });
  });

  it('splits the stored phone into country code and number', () => {
    expect(valuesFromUser(makeUser({ phoneNumber: '+46 701234567' }))).toMatchObject({ countryCode: '+46', phoneNumber: '701234567' });
    expect(valuesFromUser(makeUser({ phoneNumber: null }))).toMatchObject({ countryCode: '+47', phoneNumber: '' });
  });
});

describe('PersonalInfoForm', () => {
  it('shows the translated messages under the fields and does not call the server', async () => {
    const spy = vi.spyOn(usersApi, 'updateProfile');
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.change(input('First name'), { target: { value: '' } });
    fireEvent.change(input('Last name'), { target: { value: 'B' } });
    fireEvent.change(input('Zip code'), { target: { value: '' } });
    fireEvent.change(input('Date of birth'), { target: { value: '2999-12-31' } });
    fireEvent.change(input('Mobile phone'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Zip code is required')).toBeTruthy();
    expect(screen.getByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(screen.getByText('Invalid phone number format')).toBeTruthy();
    expect(input('First name').getAttribute('aria-invalid')).toBe('true');
    expect(spy).not.toHaveBeenCalled();
    // Typing clears the field's message.
    fireEvent.change(input('First name'), { target: { value: 'Nora' } });
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('limits the birth date to today and shows the e-mail disabled', () => {
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    expect(input('Date of birth').type).toBe('date');
    expect(input('Date of birth').max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(input('Email').disabled).toBe(true);
    expect(input('Email').value).toBe('nora@example.org');
  });

  it('saves through the write queue, with phone number and country code sent separately', async () => {
    await resetDexie();
    const backend = queueBackend({
      'PUT /users/profile': (u) => {
        const update = u as { countryCode: string; phoneNumber: string };
        return makeUser({ ...update, phoneNumber: `${update.countryCode} ${update.phoneNumber}`, phoneNumberConfirmed: false, version: 2 } as never);
      },
    });
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: '+46' } });
    fireEvent.change(input('Mobile phone'), { target: { value: '701 234 567' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(backend.calls['PUT /users/profile']).toHaveLength(1));
    expect(backend.calls['PUT /users/profile']![0]).toEqual({
      firstName: 'Nora', lastName: 'Berg', dateOfBirth: '1995-06-01', phoneNumber: '701 234 567', countryCode: '+46',
      address: 'Storgata 1', zipCode: '0155', city: 'Oslo',
    });
    await waitFor(() => expect(messages()).toContain('Profile updated successfully'));
    expect(await db.profiles.get('u1')).toMatchObject({ phoneNumber: '+46 701 234 567', version: 2 });
    expect(await db.outbox.count()).toBe(0);
    backend.stop();
  });

  it('offline, keeps the edit on this device and says it will be sent later', async () => {
    await resetDexie();
    const backend = queueBackend({ 'PUT /users/profile': () => { throw new TypeError('Failed to fetch'); } });
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.change(input('City'), { target: { value: 'Tromsø' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect(await db.outbox.where('state').equals('pending').count()).toBe(1));
    await waitFor(() => expect((screen.getByTestId('profile-save') as HTMLButtonElement).disabled).toBe(false));
    expect((await db.profiles.get('u1'))?.city).toBe('Tromsø');
    // The profile page's sync note says it (and keeps saying it while true): no snackbar repeating it.
    expect(messages()).toEqual([]);
    backend.stop();
  });

  it('moves a typed +code into the selector', () => {
    renderWithI18n(<PersonalInfoForm user={makeUser({ phoneNumber: null })} />);
    fireEvent.change(input('Mobile phone'), { target: { value: '+4670' } });
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('+46');
    expect(input('Mobile phone').value).toBe('70');
  });

  it('puts the server field errors on their fields and takes the refused edit back out of the queue', async () => {
    await resetDexie();
    const backend = queueBackend({
      'PUT /users/profile': () => {
        throw new ApiError(409, 'This phone number is already registered', [{ field: 'phoneNumber', message: 'This phone number is already registered' }]);
      },
      'GET /users/profile': () => makeUser(),
    });
    renderWithI18n(<PersonalInfoForm user={makeUser()} />);
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This phone number is already registered')).toBeTruthy();
    expect(messages()).toContain('Failed to update profile');
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    backend.stop();
  });

  it('shows Verified for the confirmed stored number and Verify via WhatsApp otherwise', () => {
    const { unmount } = renderWithI18n(<PersonalInfoForm user={makeUser({ phoneNumberConfirmed: true })} />);
    expect(screen.getByTestId('phone-verified').textContent).toContain('Verified');
    expect(screen.queryByRole('button', { name: 'Verify via WhatsApp' })).toBeNull();
    // Editing the number makes it unverified again.
    fireEvent.change(input('Mobile phone'), { target: { value: '87654321' } });
    expect(screen.queryByTestId('phone-verified')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify via WhatsApp' })).toBeTruthy();
    unmount();
  });

  it('asks for a phone number before sending a code', () => {
    const spy = vi.spyOn(usersApi, 'verifyPhone');
    renderWithI18n(<PersonalInfoForm user={makeUser({ phoneNumber: null })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify via WhatsApp' }));
    expect(spy).not.toHaveBeenCalled();
    // On the field, once: no snackbar repeating it.
    expect(screen.getAllByText('Please enter your phone number first')).toHaveLength(1);
    expect(messages()).toEqual([]);
  });
});
