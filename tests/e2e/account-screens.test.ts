import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '../../src/domain/user';
import { makePng } from '../fixtures/images';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

interface OutboxMail { to: string; subject: string; text: string }
const outbox = (page: Page) => page.evaluate(async () => (await (await fetch('/api/dev/outbox')).json()) as OutboxMail[]);
/** A form field by its label; required fields show a " *" after the label text. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text }).first().waitFor();

async function profileFromServer(page: Page): Promise<User> {
  return page.evaluate(async () => {
    const raw = localStorage.getItem('auth') ?? sessionStorage.getItem('auth');
    const { accessToken } = JSON.parse(raw!) as { accessToken: string };
    return (await (await fetch('/api/users/profile', { headers: { authorization: `Bearer ${accessToken}` } })).json()) as User;
  });
}

describe('account screens in Chromium against the real server', () => {
  it('register → confirm from the outbox → login returns to the guarded page → profile, avatar, preferences → logout', async () => {
    const page = await env.browser.context.newPage();
    const email = `e2e.${Date.now()}@example.org`;
    const password = 'Fjord2026!';

    await page.goto(`${env.server.url}/register`);
    await field(page, 'E-mail').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm password').fill(password);
    await field(page, 'First name').fill('Ingrid');
    await field(page, 'Last name').fill('Fjell');
    await field(page, 'Date of birth').fill('1994-08-12');
    await page.getByTestId('phone-number').fill('48 12 34 56');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('check-email').waitFor();
    expect(await page.getByTestId('check-email').textContent()).toContain(email);

    const mail = (await outbox(page)).find((m) => m.to === email && m.subject.includes('Confirm'));
    expect(mail).toBeTruthy();
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await page.getByTestId('confirm-success').waitFor();

    // A guarded page sends us to login, and login brings us back to it.
    await page.goto(`${env.server.url}/profile`);
    await page.waitForURL(/\/login\?returnTo=%2Fprofile/);
    await field(page, 'E-mail').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${env.server.url}/profile`);

    // Personal information.
    await field(page, 'Zip code').fill('0150');
    await field(page, 'City').fill('Oslo');
    await page.getByTestId('profile-save').click();
    await snackbar(page, 'Profile updated successfully');
    expect(await profileFromServer(page)).toMatchObject({ zipCode: '0150', city: 'Oslo', phoneNumber: '+47 48123456' });

    // Avatar: choose, crop, upload.
    const png = await makePng(800, 600, '#2f6f4f');
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('image-crop-save').click();
    await snackbar(page, 'Profile picture updated successfully');
    const pictureId = (await profileFromServer(page)).profilePictureId;
    expect(pictureId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('avatar-image').getAttribute('src'), { timeout: 15_000 }).toContain(pictureId!);
    const stored = await page.evaluate(async (id) => {
      const res = await fetch(`/api/files/${id}`);
      const bitmap = await createImageBitmap(await res.blob());
      return { type: res.headers.get('content-type'), width: bitmap.width, height: bitmap.height };
    }, pictureId);
    expect(stored).toEqual({ type: 'image/png', width: 250, height: 250 });

    // Notification preferences save by themselves.
    await page.getByTestId('prefs-email-newMessages').selectOption('weekly');
    await expect.poll(() => page.getByTestId('prefs-status').textContent(), { timeout: 15_000 }).toMatch(/Saved/);
    expect((await profileFromServer(page)).notificationPreferences.email.notificationTypes.newMessages?.frequency).toBe(2);
    expect(await page.getByTestId('prefs-whatsapp-switch').isDisabled()).toBe(true);

    // Logout from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${env.server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('auth') ?? sessionStorage.getItem('auth'))).toBeNull();
    await page.close();
  });

  it('verifies a phone number with the WhatsApp code from the outbox', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/login`);
    await field(page, 'E-mail').fill('user@example.com');
    await field(page, 'Password').fill('Demo1234!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('profile-phone').fill('93 44 55 66');
    await field(page, 'Zip code').fill('5003');
    await page.getByTestId('profile-save').click();
    await snackbar(page, 'Profile updated successfully');
    await page.getByTestId('phone-verify').click();
    await snackbar(page, 'Verification code sent to your WhatsApp account');
    const message = (await outbox(page)).find((m) => m.to === 'whatsapp:+47 93445566');
    const code = /\b(\d{6})\b/.exec(message!.text)![1]!;
    await page.getByTestId('verify-code').fill(code);
    await page.getByTestId('verify-submit').click();
    await snackbar(page, 'Phone number verified successfully');
    await page.getByTestId('phone-verified').waitFor();
    expect(await page.getByTestId('prefs-whatsapp-switch').isDisabled()).toBe(false);
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.close();
  });

  it('has no serious or critical axe violations on login, registration and profile, in both themes', async () => {
    const page = await env.browser.context.newPage();
    const found: Record<string, string[]> = {};
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(`${env.server.url}/`);
      await page.evaluate((t) => { localStorage.clear(); sessionStorage.clear(); localStorage.setItem('theme', t); }, theme);
      for (const path of ['/login', '/register']) {
        await page.goto(`${env.server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        found[`${theme} ${path}`] = (await seriousViolations(page)).map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3))}`);
      }
      await field(page, 'E-mail').waitFor();
      await page.goto(`${env.server.url}/login`);
      await field(page, 'E-mail').fill('user@example.com');
      await field(page, 'Password').fill('Demo1234!');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${env.server.url}/`);
      await page.goto(`${env.server.url}/profile`);
      await page.getByTestId('profile-save').waitFor();
      found[`${theme} /profile`] = (await seriousViolations(page)).map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3))}`);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.close();
  });
});
