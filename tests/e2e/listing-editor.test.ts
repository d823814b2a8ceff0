import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

const env = useServerAndBrowser();

interface Tokens {
  accessToken: string;
}

/** Calls the API from the test process as one account. */
async function call<T>(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${env.server.url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const login = async (email: string) => (await call<Tokens>(null, 'POST', '/auth/login', { email, password: 'Demo1234!' })).body.accessToken;

/** An Active company of user@example.com: created by the user, approved by the admin (issue 11 contract). */
async function activeCompany(userToken: string): Promise<string> {
  const created = await call<{ id: string }>(userToken, 'POST', '/company', {
    name: 'Fjord Boat Events', shortDescription: 'Boat trips and events on the fjord', description: '', logoImageUri: null,
    bannerImageUri: null, organizationNumber: '', websiteUrl: '', facebookUrl: '', instagramUrl: '', twitterUrl: '', youtubeUrl: '',
    phoneNumber: '', email: '',
  });
  expect(created.status).toBe(201);
  const approved = await call(await login('admin@example.com'), 'POST', '/approval', { id: created.body.id, approved: true, type: 100 });
  expect(approved.status).toBe(200);
  return created.body.id;
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** Chooses a picture for the card image and saves the crop (16:9, WebP). */
async function chooseCardImage(page: Page, bytes: Buffer, name: string) {
  await page.getByTestId('card-image-input').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('image-crop-save').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('card-image').locator('img').waitFor();
}

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

describe('the listing editor', () => {
  it('creates a listing with rich text and a cropped card image, then edits the draft offline with a new image; it reaches the server once', async () => {
    const userToken = await login('user@example.com');
    const companyId = await activeCompany(userToken);
    const { context } = env.browser;
    const page = await context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/company/listing?companyId=${companyId}&mode=create`);

    await page.getByLabel(label('Name')).fill('Midnight sun boat trip');
    await page.getByLabel(label('Short description')).fill('Three hours on the fjord under the midnight sun');
    const editor = page.getByTestId('listing-description-editor');
    await editor.click();
    await page.getByRole('button', { name: 'Heading 1' }).click();
    await page.keyboard.type('On board');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Coffee included');
    await page.getByRole('button', { name: 'Bold', pressed: true }).waitFor();
    const category = page.getByLabel(label('Category'));
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    const subCategory = page.getByLabel(label('Sub-category'));
    await subCategory.locator('option').nth(1).waitFor({ state: 'attached' });
    await subCategory.selectOption({ index: 1 });
    await chooseCardImage(page, await png(200, 40, 40), 'first.png');

    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'view' && url.searchParams.has('listingId'), { timeout: 20_000 });
    await page.getByText('Listing created successfully').waitFor();
    const listingId = new URL(page.url()).searchParams.get('listingId')!;
    const first = await call<{ cardImageUri: string; description: string; status: number }>(userToken, 'GET', `/listing/${listingId}`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe(0);
    expect(first.body.description).toMatch(/<h1[^>]*>(<span[^>]*>)?On board(<\/span>)?<\/h1>/);
    expect(first.body.description).toMatch(/<(b|strong)[^>]*>.*Coffee included/);
    expect(first.body.cardImageUri).toBeTruthy();

    // Offline: edit the draft with a new image and save it on the device.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel(label('Name')).waitFor();
    await page.getByRole('button', { name: 'Show Image Edit Options' }).click();
    await page.getByLabel(label('Name')).fill('Midnight sun boat trip (summer)');
    await chooseCardImage(page, await png(30, 60, 200), 'second.png');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText('Saved on this device. It will be sent when you are back online.').waitFor();
    await page.getByTestId('sync-state').and(page.locator('[data-state="pending"]')).waitFor();

    await context.setOffline(false);
    await page.getByTestId('sync-state').waitFor({ state: 'detached', timeout: 30_000 });
    const mine = await call<{ id: string; name: string }[]>(userToken, 'GET', `/listing/company/${companyId}`);
    expect(mine.body.map((l) => l.name)).toEqual(['Midnight sun boat trip (summer)']);
    const saved = await call<{ cardImageUri: string; status: number }>(userToken, 'GET', `/listing/${listingId}`);
    expect(saved.body.cardImageUri).not.toBe(first.body.cardImageUri);
    const image = await fetch(`${env.server.url}/api/files/${saved.body.cardImageUri}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await page.close();
  });
});
