import { describe, expect, it } from 'vitest';
import { chooseLanguage, useServerAndBrowser } from './harness';
import { loginAs } from './session';

const env = useServerAndBrowser();

describe('app shell', () => {
  it('shows the not-found page for an unknown path, with Go Home', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.close();
  });

  it('sends an anonymous user on a login-required page to /login with the way back', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/profile?tab=security`);
    await page.waitForURL(/\/login\?returnTo=/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/profile?tab=security');
    await page.close();
  });

  it('sends a non-admin on /admin to /403, and lets an Admin into the Admin Center', async () => {
    const page = await env.browser.context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/admin/categories`);
    await page.waitForURL(`${env.server.url}/403`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await loginAs(page, env.server.url, 'admin@example.com');
    await page.goto(`${env.server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Center' }).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).waitFor();
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('shows the user menu with name, e-mail and entries, without Admin Dashboard for a normal user', async () => {
    const page = await env.browser.context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/`);
    await page.getByTestId('user-menu').click();
    for (const name of ['Profile', 'Messages', 'My Favorites', 'Event Planner', 'Companies', 'Logout']) {
      await page.getByRole('menuitem', { name }).waitFor();
    }
    expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByText('user@example.com').count()).toBeGreaterThan(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await page.close();
  });

  it('switches to Norwegian from the footer (the page reloads) and back', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    await chooseLanguage(page, 'no');
    await page.getByRole('link', { name: 'Annonser hos oss' }).first().waitFor();
    await chooseLanguage(page, 'en');
    await page.getByRole('link', { name: 'Advertise with us' }).first().waitFor();
    await page.close();
  });

  it('switches to Swedish from the footer: the page reloads in Swedish and stays Swedish', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    await chooseLanguage(page, 'sv');
    await page.getByRole('link', { name: 'Annonsera hos oss' }).first().waitFor();
    expect(await page.getByTestId('language-switch').inputValue()).toBe('sv');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('sv');
    await chooseLanguage(page, 'en');
    await page.getByRole('link', { name: 'Advertise with us' }).first().waitFor();
    await page.close();
  });

  it('remembers the theme: dark by default, light after the toggle, across a reload', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(false);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.close();
  });

  it('collapses the menu into a full-width panel on a phone', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${env.server.url}/`);
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    await page.getByTestId('mobile-menu-button').click();
    const panel = page.getByTestId('mobile-menu');
    await panel.getByRole('link', { name: 'Contact us' }).waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBe(375);
    await panel.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(`${env.server.url}/contact-us`);
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    await page.close();
  });

  it('hides the footer on the messages pages', async () => {
    const page = await env.browser.context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/`);
    expect(await page.locator('footer').count()).toBe(1);
    await page.goto(`${env.server.url}/messages`);
    await page.getByTestId('app-root').waitFor();
    expect(await page.locator('footer').count()).toBe(0);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });
});
