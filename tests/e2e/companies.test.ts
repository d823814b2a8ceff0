import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OwnedCompany } from '../../src/domain/companies';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

const env = useServerAndBrowser();

/** A form field by its label; required fields show a " *" after the label text. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text }).first().waitFor();

/** The company as the server has it, read with the page's own token. */
async function companyOnServer(page: Page, id: string): Promise<OwnedCompany> {
  return page.evaluate(async (companyId) => {
    const { accessToken } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
    const res = await fetch(`/api/company/${companyId}`, { headers: { authorization: `Bearer ${accessToken}` } });
    return (await res.json()) as OwnedCompany;
  }, id);
}

describe('companies in Chromium against the real server', () => {
  it('create → Awaiting Approval with gated tiles → edit details → delete by typing the name → restore', async () => {
    const page = await env.browser.context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    const name = `Fjordlys Events ${Date.now()}`;

    await page.goto(`${env.server.url}/companies`);
    await page.getByRole('heading', { name: 'My Companies' }).waitFor();
    await page.getByTestId('company-card').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Add Company' }).first().click();
    await page.waitForURL(`${env.server.url}/company`);

    // The rules speak before anything is sent.
    await page.getByRole('button', { name: 'Create Company' }).click();
    await page.getByText('Name is required').waitFor();
    expect(await field(page, 'Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await field(page, 'Name').fill(name);
    await field(page, 'Short Description').fill('Weddings and parties by the fjord');
    await field(page, 'Website').fill('fjordlys.example');
    await field(page, 'Website').blur();
    await page.getByText('WEBSITE is not a valid URL').waitFor();
    await field(page, 'Website').fill('https://fjordlys.example');
    await field(page, 'Organization Number').fill('923456789');
    await page.getByRole('button', { name: 'Create Company' }).click();

    await page.waitForURL(/\/company\?companyId=[0-9a-f-]{36}$/);
    const companyId = new URL(page.url()).searchParams.get('companyId')!;
    await snackbar(page, 'Company created successfully!');
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByTestId('company-status').textContent()).toBe('Awaiting Approval');
    await page.getByTestId('company-notice').waitFor();
    const created = await companyOnServer(page, companyId);
    expect(created).toMatchObject({ id: companyId, name, status: 200, websiteUrl: 'https://fjordlys.example', organizationNumber: '923456789' });

    // Gated tiles: disabled, with their reason on focus (keyboard) and hover.
    const listings = page.getByTestId('tile-listings');
    expect(await listings.getAttribute('aria-disabled')).toBe('true');
    await listings.focus();
    await page.getByRole('tooltip', { name: 'Company must be active to manage listings' }).waitFor();
    await page.getByTestId('tile-events').hover();
    await page.getByRole('tooltip', { name: 'Company must be active to view events' }).waitFor();
    expect(await page.getByTestId('tile-messages').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('tile-subscription').getAttribute('aria-disabled')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // Edit the details.
    await page.getByTestId('tile-details').click();
    await page.waitForURL(/view=details/);
    await field(page, 'Short Description').fill('Weddings, parties and conferences by the fjord');
    await field(page, 'Phone Number').fill('+47 (22) 12 34 56');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await snackbar(page, 'Company updated successfully!');
    const edited = await companyOnServer(page, companyId);
    expect(edited).toMatchObject({ shortDescription: 'Weddings, parties and conferences by the fjord', phoneNumber: '+47 (22) 12 34 56', status: 200 });
    expect(edited.version).toBeGreaterThan(created.version);
    await page.getByTestId('back-to-company').click();
    await page.waitForURL(`${env.server.url}/company?companyId=${companyId}`);

    // Delete it: the button waits for the exact name.
    await page.goto(`${env.server.url}/companies`);
    const card = page.getByTestId('company-card').filter({ has: page.getByRole('link', { name }) });
    await card.waitFor();
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    // Headless UI's dialog root has no box of its own (its panel is fixed): wait for its title.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Delete Company' }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Company' });
    await dialog.getByLabel('Company name').fill(name.toLowerCase());
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Company name').fill(name);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('company-status').filter({ hasText: 'Deleted' }).waitFor();
    expect(await card.getByTestId('company-removal').textContent()).toMatch(/^Will be removed on /);
    const deleted = await companyOnServer(page, companyId);
    expect(deleted.status).toBe(300);
    expect(deleted.deletedAt).toBeTruthy();

    // Restore it: back to the status it had.
    await card.getByRole('button', { name: `Restore ${name}` }).click();
    await snackbar(page, 'Company restored');
    await card.getByTestId('company-status').filter({ hasText: 'Awaiting Approval' }).waitFor();
    const restored = await companyOnServer(page, companyId);
    expect(restored).toMatchObject({ status: 200, deletedAt: null });
    await page.close();
  });

  it('a company created offline exists on this device at once and reaches the server once when back online', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    const name = `Offline Fjord ${Date.now()}`;
    await page.goto(`${env.server.url}/company`);
    await field(page, 'Name').waitFor();

    await context.setOffline(true);
    await field(page, 'Name').fill(name);
    await field(page, 'Short Description').fill('Made without a connection');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await page.waitForURL(/\/company\?companyId=[0-9a-f-]{36}$/);
    const companyId = new URL(page.url()).searchParams.get('companyId')!;
    await snackbar(page, 'Saved on this device. It will be sent when you are back online.');
    await page.getByRole('heading', { name }).waitFor();
    await page.getByTestId('company-sync').and(page.locator('[data-state="pending"]')).waitFor();
    expect(await page.getByTestId('company-status').textContent()).toBe('Awaiting Approval');

    await context.setOffline(false);
    await page.getByTestId('company-sync').waitFor({ state: 'detached', timeout: 20_000 });
    const mine = await page.evaluate(async () => {
      const { accessToken } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
      return (await (await fetch('/api/company/by-user', { headers: { authorization: `Bearer ${accessToken}` } })).json()) as OwnedCompany[];
    });
    const sent = mine.filter((c) => c.name === name);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: companyId, status: 200, shortDescription: 'Made without a connection' });
    await page.close();
  });
});
