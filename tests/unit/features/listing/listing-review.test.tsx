import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { cardRow } from '../../../../src/db/listings';
import type { Company } from '../../../../src/domain/listings';
import ListingPage from '../../../../src/features/listing/ListingPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, card, detail, json, stubApi } from '../../sync/fixtures';

const L1 = '0b6f1c1e-3a4d-4c59-9a57-1d2e3f405161';
const admin = makeUser({ id: 'admin-1', roles: ['Admin'] });
const company: Company = {
  id: 'co-1', name: 'Fjord AS', shortDescription: 'Venues by the fjord', description: '', logoImageUri: null, bannerImageUri: null,
  websiteUrl: null, facebookUrl: null, instagramUrl: null, phoneNumber: null, email: null,
  organizationNumber: null, twitterUrl: null, youtubeUrl: null, status: 100,
};

const page = (query = '?mode=review') => renderAt(<Route path="/listing/:id" component={ListingPage} />, `/listing/${L1}${query}`);

/** A listing waiting for approval: the server answers it to an Admin (and its owner) only. */
const pending = detail(L1, { name: 'Pending Hall', status: 100 });

const routes = (extra = {}) => ({
  [`GET /listing/${L1}`]: () => json(200, pending),
  'GET /company/co-1': () => json(200, company),
  'POST /ListingStatistics/record': () => json(204, null),
  'POST /approval': () => json(200, { ...pending, status: 200 }),
  ...extra,
});

const approvalBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/approval').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

beforeEach(async () => {
  await db.delete();
  await db.open();
  snackbars.items = [];
  session.user = admin;
});
afterEach(() => {
  // Unmount before the real fetch is back: a live query settling late must not reach the network.
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('ListingPage in review mode', () => {
  it('shows an Admin the pending listing with the Approve and Reject bars, without storing it or counting a view', async () => {
    const fetchMock = stubApi(routes());
    page();
    await screen.findByRole('heading', { level: 1, name: 'Pending Hall' });
    const bar = screen.getByRole('region', { name: 'Review this listing' });
    expect(within(bar).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // Not public: kept out of the cache every visitor of this device reads.
    expect(await db.listings.get(L1)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls(fetchMock, '/ListingStatistics/record')).toEqual([]);
  });

  it('shows no bars to a user who is not an Admin, nor to an Admin without mode=review', async () => {
    session.user = makeUser({ roles: [] });
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Public Hall' })) }));
    const first = page();
    await screen.findByRole('heading', { level: 1, name: 'Public Hall' });
    expect(screen.queryByTestId('approval-bar')).toBeNull();
    first.unmount();

    session.user = admin;
    page('');
    await screen.findByRole('heading', { level: 1, name: 'Public Hall' });
    expect(screen.queryByTestId('approval-bar')).toBeNull();
  });

  it('Approve posts {id, approved: true, type: 200} and goes back to the listing approvals with a snackbar', async () => {
    const fetchMock = stubApi(routes());
    const { location } = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/listings'));
    expect(approvalBodies(fetchMock)).toEqual([{ id: L1, approved: true, type: 200 }]);
    const [, init] = calls(fetchMock, '/approval')[0]!;
    expect((init as RequestInit).headers).toHaveProperty('Idempotency-Key');
    expect(snackbars.items.map((s) => [s.message, s.severity, s.durationMs])).toEqual([['Listing approved', 'success', 6000]]);
  });

  it('Reject asks first: Cancel sends nothing, Reject in the dialog posts approved: false and goes back', async () => {
    const fetchMock = stubApi(routes());
    const { location } = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this listing?' });
    expect(within(dialog).getByText(/"Pending Hall" will not be published/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approvalBodies(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/listings'));
    expect(approvalBodies(fetchMock)).toEqual([{ id: L1, approved: false, type: 200 }]);
    expect(snackbars.items.map((s) => s.message)).toEqual(['Listing rejected']);
  });

  it('stays on the page and says so when the decision fails; a 409 names the reason', async () => {
    let answer = json(500, { message: 'boom' });
    stubApi(routes({ 'POST /approval': () => answer }));
    const { location } = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(snackbars.items.map((s) => [s.message, s.severity])).toEqual([['Failed to approve listing', 'error']]));
    expect(location.history.at(-1)).toBe(`/listing/${L1}?mode=review`);
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);

    answer = json(409, { message: 'This listing is not awaiting approval' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(snackbars.items.map((s) => s.message)).toEqual(['Failed to approve listing: This listing is not awaiting approval']));
  });

  it("shows 'Listing not found' in review mode on a 404", async () => {
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(404, { message: 'Listing not found' }) }));
    page();
    await screen.findByRole('heading', { name: 'Listing not found' });
    expect(screen.queryByTestId('approval-bar')).toBeNull();
  });
});

describe('ListingPage pull of a listing that is not public', () => {
  it("shows its owner's draft on the public page from memory and drops a stored public copy", async () => {
    await db.listings.put(cardRow(card(L1, { name: 'Old public copy' }), 1));
    session.user = makeUser({ roles: [] });
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Draft Hall', status: 0 })) }));
    page('');
    await screen.findByRole('heading', { level: 1, name: 'Draft Hall' });
    await waitFor(async () => expect(await db.listings.get(L1)).toBeUndefined());
  });

  it('stores a public listing fetched in review mode, as the public page does', async () => {
    stubApi(routes({ [`GET /listing/${L1}`]: () => json(200, detail(L1, { name: 'Public Hall' })) }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Public Hall' });
    expect(await db.listings.get(L1)).toMatchObject({ detail: true, name: 'Public Hall' });
  });
});
