import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

/**
 * Issue 15 in Chromium: the admin changes the contact e-mail, the footer shows it after a reload,
 * the audit log lists the change, and the demo data is reset with the typed confirmation. This
 * file has its own server and data folder (harness.ts), so the reset touches no other test.
 */
describe('admin settings in Chromium against the real server', () => {
  const env = useServerAndBrowser();

  it('changes the contact e-mail (footer after reload, audit log) and resets the demo data', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, env.server.url, 'admin@example.com');

    await page.goto(`${env.server.url}/admin`);
    await page.getByRole('link', { name: /^Settings/ }).last().click();
    await page.waitForURL(`${env.server.url}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    const email = page.getByLabel('Contact e-mail');
    await email.fill('kontakt@e2e.example');
    await page.getByLabel('Organisation number').fill('987654321');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Organisation number').inputValue()).toBe('987 654 321');

    // The audit log lists the change (it reloads after the save).
    await page.getByTestId('audit-log-table').getByText(/post@eventmarket\.no → kontakt@e2e\.example/).waitFor();

    await page.reload();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'kontakt@e2e.example' }).waitFor();
    await footer.getByText('Org. no. 987 654 321').waitFor();

    // The reset: disabled until RESET is typed exactly.
    await page.getByTestId('demo-reset-open').click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByTestId('demo-reset-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Confirmation').fill('reset');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Confirmation').fill('RESET');
    await confirm.click();
    await page.getByTestId('demo-reset-result').waitFor({ timeout: 120_000 });
    await page.getByTestId('audit-log-table').getByText(/reset the demo data/).waitFor();

    // The admin continues: the settings still load, and the stored contact e-mail survived the reset.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByLabel('Contact e-mail').inputValue()).toBe('kontakt@e2e.example');
    const stored = await (await fetch(`${env.server.url}/api/settings/public`)).json();
    expect(stored).toEqual({ contactEmail: 'kontakt@e2e.example', organisationNumber: '987 654 321' });
    await page.close();
  }, 240_000);
});
