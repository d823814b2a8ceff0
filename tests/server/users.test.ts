import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/domain/validation';
import { users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PASSWORD, signUp } from './helpers/accounts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const put = (url: string, token: string, payload: unknown) => t.request({ method: 'PUT', url, token, payload: payload as object });
const post = (url: string, token: string, payload: unknown) => t.request({ method: 'POST', url, token, payload: payload as object });

async function latestCode(phone: string): Promise<string> {
  const msg = (await t.outbox()).find((m) => m.to === `whatsapp:${phone}`);
  expect(msg, `WhatsApp message to ${phone}`).toBeTruthy();
  return /\b(\d{6})\b/.exec(msg!.text)![1]!;
}

describe('authorization', () => {
  it.each([
    ['GET', '/api/users/profile'], ['PUT', '/api/users/profile'], ['PUT', '/api/users/notification-preferences'],
    ['POST', '/api/users/verify-phone'], ['POST', '/api/users/confirm-phone'], ['POST', '/api/users/change-password'],
  ])('%s %s needs a login', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('returns the signed-in user and only that user', async () => {
    const a = await signUp(t);
    const b = await signUp(t, { firstName: 'Ola' });
    const resA = (await t.request({ method: 'GET', url: '/api/users/profile', token: a.accessToken })).json();
    const resB = (await t.request({ method: 'GET', url: '/api/users/profile', token: b.accessToken })).json();
    expect(resA.email).toBe(a.email);
    expect(resB).toMatchObject({ email: b.email, firstName: 'Ola', phoneNumberConfirmed: false, profilePictureId: null });
    expect(resA.notificationPreferences.email.enabled).toBe(true);
    expect(resA.notificationPreferences.whatsApp.enabled).toBe(false);
  });

  it('updates the fields sent, bumps the version and keeps the rest', async () => {
    const a = await signUp(t);
    const res = await put('/api/users/profile', a.accessToken, {
      firstName: ' Kari Anne ', address: 'Storgata 1', zipCode: '0155', city: 'Oslo', dateOfBirth: '1991-02-03',
      phoneNumber: '+47 900 11 222', email: a.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Kari Anne', lastName: 'Nordmann', fullName: 'Kari Anne Nordmann', address: 'Storgata 1', zipCode: '0155',
      city: 'Oslo', dateOfBirth: '1991-02-03', phoneNumber: '+47 90011222', phoneNumberConfirmed: false, version: a.user.version + 1,
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', Messages.FirstNameRequired],
    [{ lastName: 'X' }, 'lastName', Messages.LastNameMinLength],
    [{ zipCode: '  ' }, 'zipCode', Messages.ZipCodeRequired],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', Messages.DateOfBirthFuture],
    [{ phoneNumber: '12345678' }, 'countryCode', Messages.CountryCodeRequired],
    [{ phoneNumber: 'abc', countryCode: '+47' }, 'phoneNumber', Messages.PhoneInvalid],
    [{ email: 'someone.else@example.org' }, 'email', 'Email cannot be changed'],
    [{ profilePictureId: 'not-a-uuid' }, 'profilePictureId', 'profilePictureId must be a file id'],
  ])('rejects %j', async (payload, field, message) => {
    const a = await signUp(t);
    const res = await put('/api/users/profile', a.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses a picture id that is not a file of the user', async () => {
    const a = await signUp(t);
    const res = await put('/api/users/profile', a.accessToken, { profilePictureId: crypto.randomUUID() });
    expect(res.statusCode).toBe(400);
  });

  it('refuses another user\'s phone number', async () => {
    const a = await signUp(t, { phoneNumber: '98887766', countryCode: '+47' });
    const b = await signUp(t);
    const res = await put('/api/users/profile', b.accessToken, { phoneNumber: '98887766', countryCode: '+47' });
    expect(res.statusCode).toBe(409);
    expect(a.user.phoneNumber).toBe('+47 98887766');
  });
});

const prefs = (whatsAppEnabled: boolean, frequency = 1) => ({
  email: { name: 'Email', enabled: true, expanded: true, notificationTypes: { newMessages: { name: 'x', frequency }, newsAndOffers: { name: 'x', frequency: 3 } } },
  whatsApp: { name: 'WhatsApp', enabled: whatsAppEnabled, expanded: false, notificationTypes: { newMessages: { name: 'x', frequency: 0 } } },
});

describe('versions (If-Match)', () => {
  const putIf = (url: string, token: string, ifMatch: string, payload: unknown) =>
    t.request({ method: 'PUT', url, token, headers: { 'if-match': ifMatch }, payload: payload as object });

  it('tags the profile with its version; a stale If-Match gets 412 and changes nothing', async () => {
    const a = await signUp(t);
    const got = await t.request({ method: 'GET', url: '/api/users/profile', token: a.accessToken });
    const version = got.json().version as number;
    expect(got.headers.etag).toBe(`"${version}"`);
    const ok = await putIf('/api/users/profile', a.accessToken, `"${version}"`, { firstName: 'Kari' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe(`"${version + 1}"`);
    const stale = await putIf('/api/users/profile', a.accessToken, `"${version}"`, { firstName: 'Stale' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/changed by someone else/);
    const prefsStale = await putIf('/api/users/notification-preferences', a.accessToken, String(version), prefs(false));
    expect(prefsStale.statusCode).toBe(412);
    const prefsOk = await putIf('/api/users/notification-preferences', a.accessToken, `W/"${version + 1}"`, prefs(false, 0));
    expect(prefsOk.statusCode, prefsOk.body).toBe(200);
    expect(prefsOk.headers.etag).toBe(`"${version + 2}"`);
    const now = (await t.request({ method: 'GET', url: '/api/users/profile', token: a.accessToken })).json();
    expect(now).toMatchObject({ firstName: 'Kari', version: version + 2 });
    expect((await putIf('/api/users/profile', a.accessToken, 'abc', { firstName: 'X' })).statusCode).toBe(400);
    // Without If-Match the write is unconditional (last writer wins).
    expect((await put('/api/users/profile', a.accessToken, { firstName: 'Kari' })).statusCode).toBe(200);
  });
});

describe('notification preferences', () => {

  it('stores numeric frequencies, without the interface-only fields', async () => {
    const a = await signUp(t);
    const res = await put('/api/users/notification-preferences', a.accessToken, prefs(false, 2));
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await t.request({ method: 'GET', url: '/api/users/profile', token: a.accessToken })).json().notificationPreferences;
    expect(stored.email).toEqual({
      name: 'Email', enabled: true,
      notificationTypes: { newMessages: { name: 'New messages', frequency: 2 }, newsAndOffers: { name: 'News and offers', frequency: 3 } },
    });
    expect(stored.whatsApp.expanded).toBeUndefined();
  });

  it.each([[4], [-1], [1.5]])('rejects frequency %s', async (frequency) => {
    const a = await signUp(t);
    const res = await put('/api/users/notification-preferences', a.accessToken, prefs(false, frequency));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('email.notificationTypes.newMessages.frequency');
  });

  it('rejects unknown notification types and missing channels', async () => {
    const a = await signUp(t);
    const body = prefs(false);
    const bad = await put('/api/users/notification-preferences', a.accessToken, {
      ...body, email: { ...body.email, notificationTypes: { hacker: { name: 'x', frequency: 0 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await put('/api/users/notification-preferences', a.accessToken, { email: body.email })).statusCode).toBe(400);
  });

  it('enables WhatsApp only with a verified phone', async () => {
    const a = await signUp(t);
    const res = await put('/api/users/notification-preferences', a.accessToken, prefs(true));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('whatsApp.enabled');
  });
});

describe('phone verification by WhatsApp', () => {
  it('sends a 6-digit code, confirms the number with it, and then allows WhatsApp notifications', async () => {
    const a = await signUp(t, { phoneNumber: '47112233', countryCode: '+47' });
    const sent = await post('/api/users/verify-phone', a.accessToken, { phoneNumber: '47112233', countryCode: '+47' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Verification code sent to your WhatsApp account. Please check your messages.');
    const code = await latestCode('+47 47112233');
    const wrong = await post('/api/users/confirm-phone', a.accessToken, { verificationCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    const ok = await post('/api/users/confirm-phone', a.accessToken, { verificationCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ phoneNumber: '+47 47112233', phoneNumberConfirmed: true });
    const prefs = (await t.request({ method: 'GET', url: '/api/users/profile', token: a.accessToken })).json().notificationPreferences;
    prefs.whatsApp.enabled = true;
    expect((await put('/api/users/notification-preferences', a.accessToken, prefs)).statusCode).toBe(200);
    // A code works once.
    expect((await post('/api/users/confirm-phone', a.accessToken, { verificationCode: code })).statusCode).toBe(400);
    // Changing the number drops the verification and switches WhatsApp off.
    const changed = (await put('/api/users/profile', a.accessToken, { phoneNumber: '47112234', countryCode: '+47' })).json();
    expect(changed.phoneNumberConfirmed).toBe(false);
    expect(changed.notificationPreferences.whatsApp.enabled).toBe(false);
  });

  it('needs a phone number first, and a code of exactly 6 characters', async () => {
    const a = await signUp(t);
    const none = await post('/api/users/verify-phone', a.accessToken, {});
    expect(none.json().errors).toEqual([{ field: 'phoneNumber', message: Messages.PhoneFirst }]);
    for (const verificationCode of ['12345', '1234567', '']) {
      const res = await post('/api/users/confirm-phone', a.accessToken, { verificationCode });
      expect(res.json().errors).toEqual([{ field: 'verificationCode', message: Messages.VerificationCodeInvalid }]);
    }
  });

  it('stops accepting a code after 5 wrong tries', async () => {
    const a = await signUp(t);
    await post('/api/users/verify-phone', a.accessToken, { phoneNumber: '47998877', countryCode: '+47' });
    const code = await latestCode('+47 47998877');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/api/users/confirm-phone', a.accessToken, { verificationCode: wrong });
    expect((await post('/api/users/confirm-phone', a.accessToken, { verificationCode: code })).statusCode).toBe(400);
  });

  it('expires a code after 10 minutes', async () => {
    const a = await signUp(t);
    await post('/api/users/verify-phone', a.accessToken, { phoneNumber: '47554433', countryCode: '+47' });
    const code = await latestCode('+47 47554433');
    t.advance(10 * 60_000 + 1000);
    const fresh = await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: a.refreshToken } });
    expect((await post('/api/users/confirm-phone', fresh.json().accessToken, { verificationCode: code })).statusCode).toBe(400);
  });
});

describe('change password', () => {
  it('needs the old password, applies the rules, and ends the other sessions only', async () => {
    const a = await signUp(t);
    const other = (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: PASSWORD } })).json();
    const wrong = await post('/api/users/change-password', a.accessToken, { oldPassword: 'Nope1234!', newPassword: 'Better12!', confirmPassword: 'Better12!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'oldPassword', message: 'Incorrect password' }]);
    const mismatch = await post('/api/users/change-password', a.accessToken, { oldPassword: PASSWORD, newPassword: 'Better12!', confirmPassword: 'Better13!' });
    expect(mismatch.json().errors).toContainEqual({ field: 'confirmPassword', message: Messages.PasswordMismatch });
    const weak = await post('/api/users/change-password', a.accessToken, { oldPassword: PASSWORD, newPassword: 'weak', confirmPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    const ok = await post('/api/users/change-password', a.accessToken, { oldPassword: PASSWORD, newPassword: 'Better12!', confirmPassword: 'Better12!' });
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: a.refreshToken } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: other.refreshToken } })).statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, a.email));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
