import type { Page } from 'playwright-core';
import type { AuthResponse } from '../../src/domain/user';

/** Logs in through the API from the page and stores the session as "remember me" would. */
export async function loginAs(page: Page, baseUrl: string, email: string, password = 'Demo1234!'): Promise<AuthResponse> {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl);
  return page.evaluate(async ({ email, password }) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
    });
    const auth = (await res.json()) as AuthResponse;
    localStorage.setItem('auth', JSON.stringify({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, user: auth.user }));
    return auth;
  }, { email, password });
}
