import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/domain/validation';
import { createTestApp, type TestApp } from './helpers/test-app';
import { confirmationLink, registration, signUp } from './helpers/accounts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const register = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/register', payload: body });

function expectFieldError(res: Awaited<ReturnType<typeof register>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors).toContainEqual({ field, message });
}

describe('POST /auth/register', () => {
  it('creates an unconfirmed account and mails a confirmation link to PUBLIC_URL', async () => {
    const body = registration({ phoneNumber: '912 34 567', countryCode: '+47' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email });
    const { url, token, userId } = await confirmationLink(t, body.email);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/confirm-email');
    expect(token.length).toBeGreaterThan(30);
    expect(userId).toBe(res.json().userId);
  });

  it.each([
    ['email', { email: '' }, Messages.EmailRequired],
    ['email', { email: 'not-an-email' }, Messages.EmailInvalid],
    ['password', { password: '', confirmPassword: '' }, Messages.PasswordRequired],
    ['password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, Messages.PasswordMinLength],
    ['password', { password: 'abcdefg1!', confirmPassword: 'abcdefg1!' }, Messages.PasswordRequirements],
    ['password', { password: 'ABCDEFG1!', confirmPassword: 'ABCDEFG1!' }, Messages.PasswordRequirements],
    ['password', { password: 'Abcdefgh!', confirmPassword: 'Abcdefgh!' }, Messages.PasswordRequirements],
    ['password', { password: 'Abcdefg12', confirmPassword: 'Abcdefg12' }, Messages.PasswordRequirements],
    ['password', { password: 'Abcdef1!#', confirmPassword: 'Abcdef1!#' }, Messages.PasswordRequirements],
    ['confirmPassword', { confirmPassword: 'Different1!' }, Messages.PasswordMismatch],
    ['confirmPassword', { confirmPassword: '' }, Messages.ConfirmPasswordRequired],
    ['firstName', { firstName: ' ' }, Messages.FirstNameRequired],
    ['firstName', { firstName: 'K' }, Messages.FirstNameMinLength],
    ['lastName', { lastName: '' }, Messages.LastNameRequired],
    ['lastName', { lastName: 'N' }, Messages.LastNameMinLength],
    ['dateOfBirth', { dateOfBirth: '' }, Messages.DateOfBirthRequired],
    ['dateOfBirth', { dateOfBirth: '1990-02-30' }, Messages.DateOfBirthInvalid],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }, Messages.DateOfBirthFuture],
    ['phoneNumber', { phoneNumber: '12ab5678', countryCode: '+47' }, Messages.PhoneInvalid],
    ['phoneNumber', { phoneNumber: '1234567', countryCode: '+47' }, Messages.PhoneInvalid],
    ['phoneNumber', { phoneNumber: '1234567890123456', countryCode: '+47' }, Messages.PhoneInvalid],
    ['countryCode', { phoneNumber: '91234567', countryCode: '' }, Messages.CountryCodeRequired],
    ['countryCode', { phoneNumber: '91234567', countryCode: '+999' }, Messages.CountryCodeRequired],
    ['acceptedTerms', { acceptedTerms: false }, Messages.TermsRequired],
  ])('rejects a bad %s: %j', async (field, override, message) => {
    expectFieldError(await register(registration(override)), field, message);
  });

  it('enforces the minimum age of 13 to the day', async () => {
    const today = new Date();
    const iso = (years: number, dayShift: number) => {
      const d = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + dayShift);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expectFieldError(await register(registration({ dateOfBirth: iso(13, 1) })), 'dateOfBirth', Messages.MinimumAge);
    expect((await register(registration({ dateOfBirth: iso(13, 0) }))).statusCode).toBe(201);
  });

  it('rejects a type mismatch with 400, not 500', async () => {
    const res = await register({ ...registration(), acceptedTerms: 'yes', gender: 'robot' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['acceptedTerms', 'gender']);
  });

  it('refuses an e-mail that already exists, whatever its case', async () => {
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...registration(), email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'email', message: Messages.EmailExists }]);
  });

  it('refuses a phone number that is already registered, however it is spaced', async () => {
    expect((await register(registration({ phoneNumber: '41234567', countryCode: '+47' }))).statusCode).toBe(201);
    const again = await register(registration({ phoneNumber: '412 34 567', countryCode: '+47' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'phoneNumber', message: Messages.PhoneExists }]);
  });
});

describe('existence checks', () => {
  it('tells whether an e-mail exists', async () => {
    const { email } = await signUp(t);
    const yes = await t.request({ method: 'POST', url: '/api/auth/check-email-exists', payload: { email: email.toUpperCase() } });
    expect(yes.json()).toEqual({ exists: true });
    const no = await t.request({ method: 'POST', url: '/api/auth/check-email-exists', payload: { email: 'nobody@example.org' } });
    expect(no.json()).toEqual({ exists: false });
    const bad = await t.request({ method: 'POST', url: '/api/auth/check-email-exists', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('tells whether a phone number exists, by GET with the full number and by POST with parts', async () => {
    await register(registration({ phoneNumber: '98765432', countryCode: '+46' }));
    const get = await t.request({ method: 'GET', url: `/api/auth/check-phone-exists?phoneNumber=${encodeURIComponent('+46 98765432')}` });
    expect(get.json()).toEqual({ exists: true });
    const post = await t.request({ method: 'POST', url: '/api/auth/check-phone-exists', payload: { phoneNumber: '9876 5432', countryCode: '+46' } });
    expect(post.json()).toEqual({ exists: true });
    const other = await t.request({ method: 'GET', url: `/api/auth/check-phone-exists?phoneNumber=${encodeURIComponent('+47 98765432')}` });
    expect(other.json()).toEqual({ exists: false });
    const missing = await t.request({ method: 'GET', url: '/api/auth/check-phone-exists' });
    expect(missing.statusCode).toBe(400);
    const noCode = await t.request({ method: 'GET', url: '/api/auth/check-phone-exists?phoneNumber=98765432' });
    expect(noCode.json().errors).toEqual([{ field: 'countryCode', message: Messages.CountryCodeRequired }]);
  });
});

describe('rate limits on account entry points', () => {
  it('answers 429 with a message once the budget is spent', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...t.config.rateLimits,
        register: { max: 2, windowMs: 60_000 }, existsCheck: { max: 3, windowMs: 60_000 }, forgotPassword: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'x' } })).statusCode);
      expect(codes).toEqual([400, 400, 429]);
      for (let i = 0; i < 3; i++) await limited.request({ method: 'POST', url: '/api/auth/check-email-exists', payload: { email: 'a@b.no' } });
      const res = await limited.request({ method: 'POST', url: '/api/auth/check-email-exists', payload: { email: 'a@b.no' } });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Too many requests/);
      const forgot = [];
      for (let i = 0; i < 3; i++) forgot.push((await limited.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.no' } })).statusCode);
      expect(forgot).toEqual([200, 200, 429]);
      // Limits are per route: spending one budget leaves the others intact.
      expect((await limited.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.no', password: 'x' } })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
