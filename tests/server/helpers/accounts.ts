import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import { users } from '../../../server/db/schema';
import type { AuthResponse } from '../../../src/domain/user';
import type { TestApp } from './test-app';

export const PASSWORD = 'Secret12!';
let counter = 0;

export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `person${counter}.${Date.now()}@example.org`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Kari',
    lastName: 'Nordmann',
    dateOfBirth: '1990-05-17',
    gender: 'female',
    acceptedTerms: true,
    ...overrides,
  };
}

/** Pulls token and userId out of the newest confirmation mail to `email`. */
export async function confirmationLink(t: TestApp, email: string): Promise<{ token: string; userId: string; url: URL }> {
  const mail = (await t.outbox()).find((m) => m.to === email && m.subject.includes('Confirm'));
  expect(mail, `confirmation mail to ${email}`).toBeTruthy();
  const link = /https?:\/\/\S+/.exec(mail!.text)![0];
  const url = new URL(link);
  return { token: url.searchParams.get('token')!, userId: url.searchParams.get('userId')!, url };
}

/** Registers, confirms through the mailed link and logs in. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<AuthResponse & { email: string }> {
  const body = registration(overrides);
  const reg = await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(reg.statusCode, reg.body).toBe(201);
  const { token, userId } = await confirmationLink(t, body.email);
  const confirm = await t.request({ method: 'GET', url: `/api/auth/confirm-email?token=${encodeURIComponent(token)}&userId=${userId}` });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { ...(login.json() as AuthResponse), email: body.email };
}

/** Signs up a user, grants the Admin role in the database and logs in again (roles ride in the token). */
export async function signUpAdmin(t: TestApp): Promise<AuthResponse & { email: string }> {
  const account = await signUp(t);
  await t.deps.db.update(users).set({ roles: [ADMIN_ROLE] }).where(eq(users.email, account.email));
  const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { ...(login.json() as AuthResponse), email: account.email };
}
