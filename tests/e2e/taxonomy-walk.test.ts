import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApprovalType } from '../../src/domain/companies';
import { ListingStatus, type Listing } from '../../src/domain/listings';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../../src/domain/taxonomy';
import { apiCall, apiLogin } from './api';
import { appText, fieldLabel } from './catalog';
import { chooseLanguage, launchBrowser, useServerAndBrowser } from './harness';
import { loginAs } from './session';

/**
 * Issue 15's walk through the taxonomy, once in English and once in Swedish: an admin adds a
 * category (square-cropped image), a sub-category and a service of each; a company owner picks
 * them in the listing editor and asks for approval; the admin approves; a visitor filters browse
 * by them and opens the listing. Every role works in its own browser profile and chooses the
 * language in the footer; every text the test looks for comes from that language's catalog.
 */

type WalkLanguage = 'en' | 'sv';

const env = useServerAndBrowser();

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

/** A wide picture with a block in its middle, so a square crop really cuts it. */
const picture = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 60, b: 150 } } })
    .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: { r: 250, g: 210, b: 80 } } }, left: 400, top: 200 }])
    .png().toBuffer();

/** An Active company of user@example.com: created by the user, approved by the admin through the API. */
async function activeCompany(base: string, name: string): Promise<string> {
  const userToken = await apiLogin(base, 'user@example.com');
  const { id } = await apiCall<{ id: string }>(base, userToken, 'POST', '/company', {
    name, shortDescription: 'Raft trips on the river', description: '', logoImageUri: null, bannerImageUri: null,
    organizationNumber: '', websiteUrl: '', facebookUrl: '', instagramUrl: '', twitterUrl: '', youtubeUrl: '', phoneNumber: '', email: '',
  });
  await apiCall(base, await apiLogin(base, 'admin@example.com'), 'POST', '/approval', { id, approved: true, type: ApprovalType.Company });
  return id;
}

/** Waits until browse shows the results of its current URL: cards, or the empty state. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const busy = document.querySelector('section[aria-busy="true"]');
    const results = document.querySelector('[data-testid="browse-results"]');
    return !busy && (document.querySelector('[data-testid="browse-empty"]') || results?.querySelector('article'));
  });
}

/** A price as its card shows it, written out per language (not computed the way the app does). */
const PRICE = { input: '12500', shown: { en: '12,500 Kr', sv: '12\u00a0500 Kr' } } as const;

async function walk(language: WalkLanguage) {
  const base = env.server.url;
  const text = (msgid: string, values?: Record<string, string>) => appText(language, msgid, values);
  const named = (msgid: string, values?: Record<string, string>) => ({ name: text(msgid, values), exact: true });
  const label = (msgid: string) => fieldLabel(language, msgid);
  const snackbar = (page: Page, msgid: string, values?: Record<string, string>) =>
    page.getByText(text(msgid, values), { exact: true }).first().waitFor();
  const tag = language.toUpperCase();
  const names = {
    category: `River rafting ${tag}`,
    subCategory: `Timber rafts ${tag}`,
    categoryService: `Raft building ${tag}`,
    group: `Workshops ${tag}`,
    subCategoryService: `Night crossing ${tag}`,
    company: `Raft Company ${tag}`,
    listing: `Midsummer raft trip ${tag}`,
  };

  // 1. The admin: a category with a square-cropped image, a sub-category under it, a service of each.
  const admin = await env.browser.context.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await loginAs(admin, base, 'admin@example.com');
  await chooseLanguage(admin, language);
  await admin.goto(`${base}/admin/categories`);
  await admin.getByRole('heading', { level: 1, ...named('Categories') }).waitFor();
  await admin.getByTestId('categories-list').waitFor();
  await admin.getByRole('button', named('Add Category')).click();
  const addCategory = admin.getByRole('dialog', named('Add Category'));
  await addCategory.getByLabel(label('Name')).fill(names.category);
  await addCategory.getByLabel(label('Short Description')).fill('Down the river on logs');
  await addCategory.getByLabel(label('Description')).fill('Rafts, guides and everything for a day on the river.');
  const chooser = admin.waitForEvent('filechooser');
  await addCategory.getByRole('button', named('Choose image')).click();
  await (await chooser).setFiles({ name: 'river.png', mimeType: 'image/png', buffer: await picture() });
  const crop = admin.getByRole('dialog', named('Crop {label}', { label: text('Category image') }));
  await crop.getByRole('button', named('Save')).click();
  await snackbar(admin, 'Image uploaded successfully!');
  await crop.waitFor({ state: 'detached' });
  await addCategory.getByTestId('category-image').locator('img').waitFor();
  await addCategory.getByRole('button', named('Save')).click();
  await snackbar(admin, 'Category {name} created', { name: names.category });
  await addCategory.waitFor({ state: 'detached' });

  const category = (await getJson<Category[]>(`${base}/api/category`)).find((c) => c.name === names.category);
  expect(category).toMatchObject({ shortDescription: 'Down the river on logs' });
  const image = await fetch(`${base}/api/files/${category!.imageUri}`);
  expect(image.headers.get('content-type')).toBe('image/webp');
  const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(meta.height);

  await admin.goto(`${base}/admin/subcategories`);
  await admin.getByRole('heading', { level: 1, ...named('Sub-categories') }).waitFor();
  await admin.getByTestId('subcategories-list').waitFor();
  await admin.getByRole('button', named('Add Sub-category')).click();
  const addSub = admin.getByRole('dialog', named('Add Sub-category'));
  await addSub.getByLabel(label('Category')).selectOption({ label: names.category });
  await addSub.getByLabel(label('Name')).fill(names.subCategory);
  await addSub.getByRole('button', named('Save')).click();
  await snackbar(admin, 'Sub-category {name} created', { name: names.subCategory });
  await addSub.waitFor({ state: 'detached' });
  const subCategory = (await getJson<SubCategory[]>(`${base}/api/subcategory?categoryId=${category!.id}`))
    .find((s) => s.name === names.subCategory);
  expect(subCategory).toBeTruthy();

  await admin.goto(`${base}/admin/category-services`);
  await admin.getByRole('heading', { level: 1, ...named('Category Services') }).waitFor();
  await admin.getByTestId('services-list').waitFor();
  await admin.getByRole('button', named('Add Category Service')).click();
  const addService = admin.getByRole('dialog', named('Add Category Service'));
  await addService.getByLabel(label('Category')).selectOption({ label: names.category });
  await addService.getByLabel(label('Name')).fill(names.categoryService);
  await addService.getByLabel(label('Group name')).fill(names.group);
  await addService.getByRole('button', named('Save')).click();
  await snackbar(admin, 'Category service {name} created', { name: names.categoryService });
  await addService.waitFor({ state: 'detached' });
  const categoryService = (await getJson<CategoryService[]>(`${base}/api/categoryService?categoryId=${category!.id}`))
    .find((s) => s.name === names.categoryService);
  expect(categoryService).toMatchObject({ groupName: names.group });

  await admin.goto(`${base}/admin/subcategory-services`);
  await admin.getByRole('heading', { level: 1, ...named('SubCategory Services') }).waitFor();
  await admin.getByTestId('services-list').waitFor();
  await admin.getByRole('button', named('Add SubCategory Service')).click();
  const addSubService = admin.getByRole('dialog', named('Add SubCategory Service'));
  await addSubService.getByLabel(label('Sub-category')).selectOption({ label: names.subCategory });
  await addSubService.getByLabel(label('Name')).fill(names.subCategoryService);
  await addSubService.getByRole('button', named('Save')).click();
  await snackbar(admin, 'Sub-category service {name} created', { name: names.subCategoryService });
  await addSubService.waitFor({ state: 'detached' });
  const subCategoryService = (await getJson<SubCategoryService[]>(`${base}/api/subCategoryService?subCategoryId=${subCategory!.id}`))
    .find((s) => s.name === names.subCategoryService);
  expect(subCategoryService).toBeTruthy();

  // 2. The company owner, on their own device, picks them in the listing editor and asks for approval.
  const companyId = await activeCompany(base, names.company);
  const ownerBrowser = await launchBrowser();
  let listingId: string;
  try {
    const owner = await ownerBrowser.context.newPage();
    await owner.setViewportSize({ width: 1280, height: 900 });
    await loginAs(owner, base, 'user@example.com');
    await chooseLanguage(owner, language);
    await owner.goto(`${base}/company/listing?companyId=${companyId}&mode=create`);
    await owner.getByLabel(label('Name')).fill(names.listing);
    await owner.getByLabel(label('Short description')).fill('Three hours downstream on a timber raft');
    await owner.getByLabel(label('Price (Kr)')).fill(PRICE.input);
    await owner.getByLabel(label('Category')).selectOption({ label: names.category });
    await owner.getByLabel(label('Sub-category')).selectOption({ label: names.subCategory });
    const categoryServices = owner.getByRole('group', named('Category services'));
    await categoryServices.getByText(names.group, { exact: true }).waitFor();
    await categoryServices.getByRole('checkbox', { name: names.categoryService, exact: true }).check();
    await owner.getByRole('group', named('Sub-category services'))
      .getByRole('checkbox', { name: names.subCategoryService, exact: true }).check();
    await owner.getByRole('button', named('Request Approval')).click();
    await owner.waitForURL((url) => url.searchParams.get('mode') === 'view' && url.searchParams.has('listingId'));
    await snackbar(owner, 'Listing created successfully');
    listingId = new URL(owner.url()).searchParams.get('listingId')!;
  } finally {
    await ownerBrowser.close();
  }
  const stored = await apiCall<Listing>(base, await apiLogin(base, 'user@example.com'), 'GET', `/listing/${listingId}`);
  expect(stored).toMatchObject({
    name: names.listing,
    status: ListingStatus.PendingApproval,
    price: Number(PRICE.input),
    categoryId: category!.id,
    subCategoryId: subCategory!.id,
    categoryServiceIds: [categoryService!.id],
    subCategoryServiceIds: [subCategoryService!.id],
  });

  // 3. The admin approves it from the listing approvals.
  await admin.goto(`${base}/admin/approvals/listings`);
  await admin.getByRole('heading', { level: 1, ...named('Listing approvals') }).waitFor();
  await admin.getByRole('link', named('Review {name}', { name: names.listing })).click();
  await admin.waitForURL(`${base}/listing/${listingId}?mode=review`);
  await admin.getByRole('region', named('Review this listing')).getByRole('button', named('Approve')).click();
  await admin.waitForURL(`${base}/admin/approvals/listings`);
  await snackbar(admin, 'Listing approved');
  await admin.close();

  // 4. A visitor (a fresh profile, nobody logged in) filters browse by the new category and sub-category.
  const visitorBrowser = await launchBrowser();
  try {
    const visitor = await visitorBrowser.context.newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.goto(`${base}/listings`);
    await chooseLanguage(visitor, language);
    await settled(visitor);
    const sidebar = visitor.getByTestId('filters-sidebar');
    await sidebar.getByRole('combobox', named('Category')).selectOption({ label: names.category });
    await visitor.waitForURL((url) => url.searchParams.get('categoryId') === category!.id);
    await settled(visitor);
    const cards = visitor.getByTestId('browse-results').getByRole('article');
    // The category is new: the owner's listing is all there is in it.
    expect(await visitor.getByTestId('result-total').textContent()).toBe('1');
    expect(await cards.getByRole('heading').allTextContents()).toEqual([names.listing]);

    await sidebar.getByRole('group', named('Sub-categories')).getByRole('checkbox', { name: names.subCategory, exact: true }).check();
    await visitor.waitForURL((url) => url.searchParams.getAll('sub').includes(subCategory!.id));
    await settled(visitor);
    expect(await visitor.getByTestId('result-total').textContent()).toBe('1');
    const card = cards.filter({ has: visitor.getByRole('heading', { name: names.listing, exact: true }) });
    // The price in the language's number format.
    expect(await card.getByTestId('listing-price').textContent()).toBe(PRICE.shown[language]);

    await card.getByRole('link', { name: names.listing, exact: true }).click();
    await visitor.waitForURL(`${base}/listing/${listingId}`);
    await visitor.getByRole('heading', { level: 1, name: names.listing, exact: true }).waitFor();
    // The listing page names its category and sub-category in the breadcrumb, each a filtered browse link.
    const breadcrumb = visitor.getByRole('navigation', named('Breadcrumb'));
    expect(await breadcrumb.getByRole('link', { name: names.category, exact: true }).getAttribute('href'))
      .toBe(`/listings?categoryId=${category!.id}`);
    expect(await breadcrumb.getByRole('link', { name: names.subCategory, exact: true }).getAttribute('href'))
      .toBe(`/listings?categoryId=${category!.id}&sub=${subCategory!.id}`);
    // The services the owner ticked, named on the page under their group.
    const services = visitor.getByRole('region', named('Services'));
    await services.getByRole('heading', { level: 3, name: names.group, exact: true }).waitFor();
    expect((await services.getByRole('listitem').allTextContents()).sort())
      .toEqual([names.categoryService, names.subCategoryService].sort());
  } finally {
    await visitorBrowser.close();
  }
}

describe('the taxonomy from the admin to a visitor, in Chromium against the real server', () => {
  it('in English: admin adds the taxonomy, the owner picks it in a listing, the admin approves, a visitor filters by it', async () => {
    await walk('en');
  }, 90_000);

  it('in Swedish: the same walk with the Swedish UI', async () => {
    await walk('sv');
  }, 90_000);
});
