import { StrictMode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { Company } from '../../../../src/domain/listings';
import ListingPage from '../../../../src/features/listing/ListingPage';
import { renderAt } from '../auth/render';
import { calls, card, category, detail, json, stubApi } from '../../sync/fixtures';

const company: Company = {
  id: 'co-1', name: 'Fjord AS', shortDescription: 'Venues by the fjord', description: '', logoImageUri: null, bannerImageUri: null,
  websiteUrl: 'https://fjord.example', facebookUrl: 'https://facebook.com/fjord', instagramUrl: null, phoneNumber: '+47 912 34 567', email: null,
  organizationNumber: null, twitterUrl: null, youtubeUrl: null, status: 100,
};

/** Listing ids are UUIDs: the page treats any other shape as not found without asking. */
const L1 = '0b6f1c1e-3a4d-4c59-9a57-1d2e3f405161';
const GONE = '7c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';

const page = (id = L1) => renderAt(<StrictMode><Route path="/listing/:id" component={ListingPage} /></StrictMode>, `/listing/${id}`);

type Recorded = { listingId: string; eventType: string; metadata: Record<string, unknown> };
const recorded = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/ListingStatistics/record').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Recorded);

const routes = (extra = {}) => ({
  [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Fjord Hall', price: 0, description: '<p>Great hall</p><script>alert(1)</script>' })),
  'GET /company/co-1': () => json(200, company),
  'POST /ListingStatistics/record': () => json(204, null),
  ...extra,
});

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

describe('ListingPage', () => {
  it('pulls the listing and renders it from Dexie, recording one view under StrictMode', async () => {
    const fetchMock = stubApi(routes());
    page();
    await screen.findByRole('heading', { level: 1, name: 'Fjord Hall' });
    expect((await screen.findByTestId('listing-description')).innerHTML).toBe('<p>Great hall</p>');
    expect(screen.getByTestId('listing-price').textContent).toBe('Contact for Price');
    expect(await screen.findByTestId('company-name')).toHaveProperty('textContent', 'Fjord AS');
    expect(await db.listings.get(L1)).toMatchObject({ detail: true });
    await waitFor(() => expect(recorded(fetchMock).filter((e) => e.eventType === 'view')).toHaveLength(1));
  });

  it('links the breadcrumb to the browse page by category and sub-category', async () => {
    await db.categories.put({ ...category(1), position: 0 });
    await db.subCategories.put({ id: 'sub-1', categoryId: 'cat-1', name: 'Wedding cakes', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 });
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Fjord Hall', subCategoryId: 'sub-1' })) }));
    page();
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Category 1' }).getAttribute('href')).toBe('/listings?categoryId=cat-1'));
    // The sub-category is its own live read: it may answer a moment after the category.
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Wedding cakes' }).getAttribute('href')).toBe('/listings?categoryId=cat-1&sub=sub-1'));
  });

  it('lists the services it offers by group from the stored taxonomy, and no section when none is known', async () => {
    await db.categories.put({ ...category(1), position: 0 });
    await db.subCategories.put({ id: 'sub-1', categoryId: 'cat-1', name: 'Wedding cakes', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 });
    await db.categoryServices.bulkPut([
      { id: 'cs-1', categoryId: 'cat-1', name: 'Delivery', groupName: 'Logistics', shortDescription: '', version: 1, position: 0 },
      { id: 'cs-2', categoryId: 'cat-1', name: 'Tasting', groupName: '', shortDescription: '', version: 1, position: 1 },
      { id: 'cs-3', categoryId: 'cat-1', name: 'Not offered', groupName: 'Logistics', shortDescription: '', version: 1, position: 2 },
    ]);
    await db.subCategoryServices.put({ id: 'ss-1', subCategoryId: 'sub-1', name: 'Tiered cake', groupName: 'Cakes', shortDescription: '', version: 1, position: 0 });
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, {
      name: 'Fjord Hall', subCategoryId: 'sub-1', categoryServiceIds: ['cs-1', 'cs-2', 'gone'], subCategoryServiceIds: ['ss-1'],
    })) }));
    const view = page();
    const section = await screen.findByRole('region', { name: 'Services' });
    const groups = within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Cakes', 'Logistics', 'Other services']);
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tiered cake', 'Delivery', 'Tasting']);
    view.unmount();

    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Fjord Hall', categoryServiceIds: ['gone'] })) }));
    await db.listings.clear();
    page();
    await screen.findByRole('heading', { level: 1, name: 'Fjord Hall' });
    await screen.findByTestId('listing-description');
    expect(screen.queryByRole('region', { name: 'Services' })).toBeNull();
  });

  it("shows 'Loading company information...' while the company pull runs, then 'Company not found' on a 404", async () => {
    let answer: (r: Response) => void = () => {};
    stubApi(routes({ 'GET /company/co-1': () => new Promise<Response>((resolve) => { answer = resolve; }) }));
    page();
    await screen.findByText('Loading company information...');
    answer(json(404, { message: 'Not found' }));
    await screen.findByText('Company not found');
  });

  it('reveals the phone as a tel: link on View Phone and records phoneClick with the number', async () => {
    const fetchMock = stubApi(routes());
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'View Phone' }));
    const link = screen.getByRole('link', { name: '+47 912 34 567' });
    expect(link.getAttribute('href')).toBe('tel:+4791234567');
    await waitFor(() => expect(recorded(fetchMock).find((e) => e.eventType === 'phoneclick')?.metadata.phoneNumber).toBe('+47 912 34 567'));
  });

  it('opens company links in a new tab and records linkOpen with the url', async () => {
    const fetchMock = stubApi(routes());
    page();
    const link = await screen.findByRole('link', { name: 'Facebook' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // happy-dom would follow the link: only the app's handler runs.
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(recorded(fetchMock).find((e) => e.eventType === 'linkopen')?.metadata.url).toBe('https://facebook.com/fjord'));
  });

  it('sends an anonymous user to login on Send message, back to the chat about the listing; the server records chatStart, not the page', async () => {
    const fetchMock = stubApi(routes());
    const { location } = page();
    const companyName = (await screen.findByTestId('company-name')).textContent;
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/login\?returnTo=/));
    const returnTo = new URL(new URLSearchParams(location.history.at(-1)!.split('?')[1]).get('returnTo')!, 'http://x');
    expect(returnTo.pathname).toBe('/messages');
    expect(Object.fromEntries(returnTo.searchParams)).toEqual({
      mode: 'newChat', companyId: 'co-1', companyName, listingId: L1, listingName: 'Fjord Hall',
    });
    expect(recorded(fetchMock).some((e) => e.eventType === 'chatstart')).toBe(false);
  });

  it('shows a stored card at once and the saved copy with a note when the server cannot be reached', async () => {
    await db.listings.put({ ...card(L1, { name: 'Stored Hall' }), detail: false, companyId: 'co-1', fetchedAt: 1 });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Stored Hall' });
    await screen.findByText('Could not reach the server. Showing the copy saved on this device.');
    // The company pull fails on its own schedule, after or before the listing's.
    expect((await screen.findByTestId('company-name')).textContent).toBe('Company');
  });

  it("shows 'Listing not found' with a way to browse on a 404, and removes the stored copy", async () => {
    await db.listings.put({ ...card(GONE), detail: false, companyId: 'co-1', fetchedAt: 1 });
    stubApi(routes());
    page(GONE);
    await screen.findByRole('heading', { name: 'Listing not found' });
    expect(screen.getByRole('link', { name: 'Browse listings' }).getAttribute('href')).toBe('/listings');
    expect(await db.listings.get(GONE)).toBeUndefined();
  });

  it("shows 'Listing not found' for an id that is not a UUID, without asking the server or counting a view", async () => {
    const fetchMock = stubApi(routes());
    page('not-a-uuid');
    await screen.findByRole('heading', { name: 'Listing not found' });
    expect(screen.queryByText('Check your connection and try again.')).toBeNull();
    // Give the effects a turn: still nothing asked.
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('not-a-uuid'))).toEqual([]);
    expect(recorded(fetchMock)).toEqual([]);
  });

  it("treats the server's 400 for the id as not found, not as a connection problem", async () => {
    stubApi(routes({ [`GET /listing/${GONE}`]: () => json(400, { message: 'Must be a valid id', errors: [{ field: 'id', message: 'Must be a valid id' }] }) }));
    page(GONE);
    await screen.findByRole('heading', { name: 'Listing not found' });
    expect(screen.queryByText('Could not load this listing')).toBeNull();
  });
});
