import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '../../server/db/client';
import { ProductType, SubscriptionStatus, type CompanySubscription, type Product } from '../../src/domain/products';
import { PRODUCTS_LAYOUT_KEY, type ProductsLayout } from '../../src/features/products/viewMode';
import { apiCall, apiLogin, ownersListing } from './api';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

const SHOTS = '.tmp/shots';
const WAIT = 15_000;
const OWNER = 'user@example.com';
const ADMIN = 'admin@example.com';
const PRODUCT = 'E2E Gold';

async function see(locator: Locator, what: string, state: 'visible' | 'hidden' | 'attached' | 'detached' = 'visible', timeout = WAIT) {
  try {
    await locator.waitFor({ state, timeout });
  } catch {
    throw new Error(`Timed out after ${timeout} ms waiting for ${what} (${state})`);
  }
}

const item = (page: Page, name: string) =>
  page.getByTestId('product-item').filter({ has: page.getByRole('heading', { name, exact: true }) });
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text }).first();

/** The date as the app writes it in English for `iso` (dateStyle long, the browser's time zone). */
const longDateIn = (page: Page, iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(value)), iso);

describe('products, subscriptions and checkout in Chromium against the real server', () => {
  const env = useServerAndBrowser();
  /** Set by the first test: the owner's Active company (the screenshots reuse it). */
  let companyId = '';
  let basic: Product;

  it('the owner chooses a plan, pays on the test checkout page, is counted down to the company, sees the plan with its tokens and cancels it', async () => {
    const base = env.server.url;
    const token = await apiLogin(base, OWNER);
    companyId = (await ownersListing(base, token)).companyId;
    const onSale = await apiCall<Product[]>(base, token, 'GET', '/product/active');
    basic = onSale.find((p) => p.type === ProductType.Subscription)!;
    expect(basic).toBeTruthy();

    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, base, OWNER);
    await page.goto(`${base}/company?companyId=${companyId}`);
    await page.getByTestId('tile-subscription').click();
    await page.waitForURL(`${base}/company?companyId=${companyId}&view=subscription`);
    await see(page.getByTestId('no-plan'), 'no plan yet');
    const plan = page.getByTestId('plans-subscription').getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: basic.name, exact: true }) });
    expect(await plan.getByTestId('plan-price').textContent()).toBe(`$${basic.price}/year`);
    expect(await seriousViolations(page)).toEqual([]);

    // Choose: the server's test checkout page, labelled as a test payment.
    await plan.getByRole('button', { name: `Choose ${basic.name}` }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\/[0-9a-f-]{36}$/);
    await see(page.getByText('Test payment — no money is moved'), 'the test payment banner');
    expect(await page.title()).toBe('Test payment — no money is moved');
    await page.getByRole('button', { name: /^Pay / }).click();

    // The success page counts down, then goes to the company.
    await page.waitForURL(`${base}/company/order-complete/success?companyId=${companyId}&productId=${basic.id}`);
    await see(page.getByRole('heading', { level: 1, name: 'Payment successful' }), 'the success page');
    await see(page.getByText(`Thank you for buying ${basic.name}.`), 'the product named');
    expect(await page.getByTestId('redirect-countdown').textContent()).toMatch(/^Taking you to your company in \d+ s…$/);
    expect(await page.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe(`/company?companyId=${companyId}`);
    await page.waitForURL(`${base}/company?companyId=${companyId}`, { timeout: 20_000 });
    await see(page.getByTestId('company-hub'), 'the company hub after the countdown');

    // The plan with the product's tokens.
    await page.getByTestId('tile-subscription').click();
    await see(page.getByTestId('current-plan-name'), 'the current plan');
    expect(await page.getByTestId('current-plan-name').textContent()).toBe(basic.name);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await page.getByTestId('event-clicks-left').textContent()).toBe(String(basic.eventClickTokens));
    expect(await page.getByTestId('listing-tokens-left').textContent()).toBe(String(basic.listingsTokens));
    const subscription = await apiCall<CompanySubscription>(base, token, 'GET', `/subscription/${companyId}`);
    const periodEnd = await longDateIn(page, subscription.periodEnd);
    expect(await page.getByTestId('resets-on').textContent()).toBe(`Resets on ${periodEnd}`);
    expect(await plan.getByRole('button', { name: `${basic.name} is your plan` }).isDisabled()).toBe(true);

    // Cancel, confirmed: Cancelled, with the benefits kept until the period end.
    await page.getByTestId('subscription-cancel').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await see(dialog.getByTestId('cancel-confirm'), 'the cancel confirmation');
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    expect(await dialog.textContent()).toContain(`until the period ends on ${periodEnd}`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('cancel-confirm').click();
    await see(dialog, 'the dialog to close', 'detached');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    expect(await page.getByTestId('benefits-until').textContent()).toBe(`Cancelled: the benefits stay until ${periodEnd}.`);
    expect((await apiCall<CompanySubscription>(base, token, 'GET', `/subscription/${companyId}`)).status).toBe(1);
    await page.close();
  });

  it('the admin creates, edits and deletes a product; Create stays off until a name and a price are given', async () => {
    const base = env.server.url;
    const adminToken = await apiLogin(base, ADMIN);
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, base, ADMIN);
    await page.goto(`${base}/admin/products`);
    await see(page.getByTestId('products-list'), 'the product list');
    expect(await page.getByTestId('products-list').getAttribute('data-layout')).toBe('grid');

    await page.getByTestId('product-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    const create = dialog.getByTestId('product-save');
    await see(create, 'the add dialog');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByTestId('product-name').fill(PRODUCT);
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByTestId('product-price').fill('149.99');
    expect(await create.isDisabled()).toBe(false);
    await dialog.getByTestId('product-description').fill('Everything, for a year.');
    await dialog.getByTestId('product-listings-tokens').fill('12');
    await dialog.getByTestId('product-event-tokens').fill('120');
    expect(await seriousViolations(page)).toEqual([]);
    await create.click();
    await see(snackbar(page, `Product ${PRODUCT} created`), 'the created message');
    await see(dialog, 'the dialog to close', 'detached');
    const created = item(page, PRODUCT);
    expect(await created.getByTestId('product-price').textContent()).toBe('$149.99/year');
    expect(await created.getByTestId('product-listings-tokens').textContent()).toBe('12');
    let stored = (await apiCall<Product[]>(base, adminToken, 'GET', '/product')).find((p) => p.name === PRODUCT);
    expect(stored).toMatchObject({ price: 149.99, listingsTokens: 12, eventClickTokens: 120, isActive: true, type: ProductType.Subscription });

    await created.getByRole('button', { name: `Edit ${PRODUCT}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await see(edit.getByTestId('product-save'), 'the edit dialog');
    expect(await edit.getByTestId('product-save').textContent()).toBe('Save');
    expect(await edit.getByTestId('product-price').inputValue()).toBe('149.99');
    await edit.getByTestId('product-price').fill('159');
    await edit.getByTestId('product-save').click();
    await see(snackbar(page, `Product ${PRODUCT} saved`), 'the saved message');
    expect(await created.getByTestId('product-price').textContent()).toBe('$159/year');
    stored = (await apiCall<Product[]>(base, adminToken, 'GET', '/product')).find((p) => p.name === PRODUCT);
    expect(stored?.price).toBe(159);

    // The list layout is remembered on the device.
    await page.getByTestId('products-layout-list').click();
    await page.reload();
    await see(page.getByTestId('products-list'), 'the product list after a reload');
    expect(await page.getByTestId('products-list').getAttribute('data-layout')).toBe('list');

    await item(page, PRODUCT).getByRole('button', { name: `Delete ${PRODUCT}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await confirm.getByTestId('product-delete-confirm').click();
    await see(snackbar(page, `Product ${PRODUCT} deleted`), 'the deleted message');
    await see(item(page, PRODUCT), 'the product gone', 'detached');
    expect((await apiCall<Product[]>(base, adminToken, 'GET', '/product')).some((p) => p.name === PRODUCT)).toBe(false);
    await page.getByTestId('products-layout-grid').click();
    await page.close();
  });

  it('the screens fit 390 px and 1280 px, light and dark, English and Norwegian (screenshots in .tmp/shots)', async () => {
    const base = env.server.url;
    mkdirSync(SHOTS, { recursive: true });
    await putSubscriptionInPastDue();
    const page = await env.browser.context.newPage();
    const screens: { who: string; name: string; path: string; layout?: ProductsLayout; ready: (p: Page) => Locator }[] = [
      { who: OWNER, name: 'subscriptions', path: `/company?companyId=${companyId}&view=subscription`, ready: (p) => p.getByTestId('current-plan-name') },
      { who: OWNER, name: 'payment-success', path: `/company/order-complete/success?companyId=${companyId}&productId=${basic.id}`, ready: (p) => p.getByTestId('paid-product') },
      { who: ADMIN, name: 'products', path: '/admin/products', ready: (p) => p.getByTestId('products-list') },
      { who: ADMIN, name: 'products-list', path: '/admin/products', layout: 'list', ready: (p) => p.getByTestId('products-list') },
      { who: ADMIN, name: 'attention', path: '/admin/approvals/subscriptions', ready: (p) => p.getByTestId('attention-list') },
    ];
    let signedIn = '';
    for (const screen of screens) {
      if (signedIn !== screen.who) {
        await loginAs(page, base, screen.who);
        signedIn = screen.who;
      }
      for (const lang of ['en', 'no'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(([l, t, layoutKey, layout]) => {
            localStorage.setItem('locale', l!);
            localStorage.setItem('theme', t!);
            localStorage.setItem(layoutKey!, layout!);
          }, [lang, theme, PRODUCTS_LAYOUT_KEY, screen.layout ?? 'grid']);
          for (const [width, height, label] of [[1280, 900, 'desktop'], [390, 844, 'phone']] as const) {
            const what = `${screen.name} ${label} ${theme} ${lang}`;
            await page.setViewportSize({ width, height });
            await page.goto(`${base}${screen.path}`);
            await see(screen.ready(page), what);
            expect(await page.evaluate(() => document.documentElement.lang), `${what}: language`).toBe(lang);
            expect(await page.evaluate(() => document.documentElement.classList.contains('light')), `${what}: theme`).toBe(theme === 'light');
            await page.screenshot({ path: `${SHOTS}/subs-${screen.name}-${label}-${theme}-${lang}.png`, fullPage: true });
            const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
            expect(overflow, `${what}: horizontal overflow`).toBeLessThanOrEqual(0);
            if (label === 'phone') expect(await seriousViolations(page), `${what}: accessibility`).toEqual([]);
          }
        }
      }
    }
    // The product dialog on a phone (the last screen left the admin signed in, Norwegian, dark).
    await page.goto(`${base}/admin/products`);
    await page.getByTestId('product-add').click();
    const dialog = page.getByRole('dialog');
    await see(dialog.getByTestId('product-name'), 'the product dialog on a phone');
    await page.screenshot({ path: `${SHOTS}/subs-product-dialog-phone-dark-no.png` });
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await page.evaluate((layoutKey) => {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('theme', 'light');
      localStorage.removeItem(layoutKey);
    }, PRODUCTS_LAYOUT_KEY);
    await page.close();
  });

  /**
   * Without Stripe no payment can fail, so nothing here makes a subscription need attention. The
   * owner's real subscription is put in PastDue the way a provider's webhook would (its status
   * column), with the server stopped: the embedded database is one process's alone.
   */
  async function putSubscriptionInPastDue(): Promise<void> {
    await env.server.kill();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDirFor(env.server.dataDir) });
    try {
      await database.db.execute(sql`UPDATE company_subscriptions SET status = ${SubscriptionStatus.PastDue}, cancel_at_period_end = false, updated_at = now() WHERE company_id = ${companyId}`);
    } finally {
      await database.close();
    }
    await env.server.start();
  }
});
