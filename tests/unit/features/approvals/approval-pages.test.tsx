import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { OwnedCompany } from '../../../../src/domain/companies';
import type { OwnedListingCard } from '../../../../src/domain/listings';
import CompanyApprovalsPage from '../../../../src/features/approvals/CompanyApprovalsPage';
import ListingApprovalsPage from '../../../../src/features/approvals/ListingApprovalsPage';
import { session } from '../../../../src/state/session';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, card, category, json, stubApi } from '../../sync/fixtures';

// Images are the Image component's business; here only which file each card shows.
vi.mock('../../../../src/ui/Image', () => ({
  Image: ({ fileId }: { fileId: string | null }) => <div data-testid="card-image" data-file-id={fileId ?? ''} />,
}));

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const L1 = '33333333-3333-4333-8333-333333333333';

const pendingCompany = (id: string, name: string, extra: Partial<OwnedCompany> = {}): OwnedCompany => ({
  id, name, shortDescription: `${name} short`, description: '', logoImageUri: `logo-${name}`, bannerImageUri: null,
  organizationNumber: null, websiteUrl: null, facebookUrl: null, instagramUrl: null, twitterUrl: null, youtubeUrl: null,
  phoneNumber: null, email: null, status: 200, createdById: 'owner-1', createdAt: '2026-02-01T12:00:00.000Z',
  updatedAt: '2026-02-01T12:00:00.000Z', deletedAt: null, stripeCustomerId: null, activeSubscriptionId: null, activeProductId: null,
  currentPeriodStart: null, currentPeriodEnd: null, subscriptionHistory: [], oneTimePurchaseHistory: [], listingTokens: 0,
  eventClickTokens_Subscription: 0, eventClickTokens_Extras: 0, version: 1, ...extra,
});

const pendingListing = (id: string, name: string): OwnedListingCard => ({
  ...card(id, { name, cardImageUri: `card-${name}`, categoryId: 'cat-1', company: { id: C1, name: 'Fjord AS', logoImageUri: null } }),
  status: 100, companyId: C1, updatedAt: '2026-02-03T12:00:00.000Z', version: 2,
});

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('CompanyApprovalsPage', () => {
  it('shows a loading state, then the companies awaiting approval in the order given, each linking to its overview and review', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ 'GET /approval/100': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    expect(screen.getByRole('heading', { level: 1, name: 'Company approvals' })).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    answer(json(200, [pendingCompany(C1, 'Alpha Events', { owner: { fullName: 'Olga Owner', email: 'olga@example.com' } }), pendingCompany(C2, 'Beta Catering', { createdById: null, owner: null })]));

    const list = await screen.findByTestId('approvals-list');
    const cards = within(list).getAllByTestId('approval-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Alpha Events', 'Beta Catering']);
    const [alpha, beta] = cards as [HTMLElement, HTMLElement];
    expect(within(alpha).getByRole('link', { name: 'Alpha Events' }).getAttribute('href')).toBe(`/company-overview?companyId=${C1}`);
    expect(within(alpha).getByRole('link', { name: 'Review Alpha Events' }).getAttribute('href')).toBe(`/company-overview?companyId=${C1}&mode=review`);
    expect(within(alpha).getByText('Alpha Events short')).toBeTruthy();
    expect(within(alpha).getByText('01/02/2026')).toBeTruthy();
    expect(within(alpha).getByTestId('company-owner').textContent).toBe('Olga Owner (olga@example.com)');
    expect(within(alpha).getByTestId('card-image').dataset.fileId).toBe('logo-Alpha Events');
    // No owner on the record: no owner line.
    expect(within(beta).queryByTestId('company-owner')).toBeNull();
    expect(screen.getByTestId('approvals-count').textContent).toBe('2 waiting');
  });

  it("shows 'No companies are waiting for approval' when the queue is empty", async () => {
    stubApi({ 'GET /approval/100': () => json(200, []) });
    renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    await screen.findByText('No companies are waiting for approval');
    expect(screen.getByRole('link', { name: 'Back to Admin Center' }).getAttribute('href')).toBe('/admin');
  });

  it("shows 'Failed to fetch company approvals' with Try Again, which loads again", async () => {
    let fail = true;
    const fetchMock = stubApi({ 'GET /approval/100': () => (fail ? json(500, { message: 'boom' }) : json(200, [pendingCompany(C1, 'Alpha Events')])) });
    renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    await screen.findByText('Failed to fetch company approvals');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('link', { name: 'Alpha Events' });
    expect(screen.queryByText('Failed to fetch company approvals')).toBeNull();
    expect(calls(fetchMock, '/approval/100').length).toBeGreaterThanOrEqual(2);
  });

  it('fetches the queue again each time the page opens (coming back from a decision)', async () => {
    let queue = [pendingCompany(C1, 'Alpha Events'), pendingCompany(C2, 'Beta Catering')];
    stubApi({ 'GET /approval/100': () => json(200, queue) });
    const first = renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    await screen.findByRole('link', { name: 'Beta Catering' });
    first.unmount();
    queue = [pendingCompany(C2, 'Beta Catering')];
    renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    await screen.findByRole('link', { name: 'Beta Catering' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alpha Events' })).toBeNull());
  });

  it('puts focus on the heading when it opens with focus lost (after a decision)', async () => {
    stubApi({ 'GET /approval/100': () => json(200, []) });
    (document.activeElement as HTMLElement | null)?.blur();
    renderAt(<CompanyApprovalsPage />, '/admin/approvals/companies');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Company approvals' }));
  });
});

describe('ListingApprovalsPage', () => {
  it('shows the listings pending approval with image, name, company and category, linking to the listing and its review', async () => {
    await db.categories.put({ ...category(1), name: 'Venues', position: 0 });
    stubApi({ 'GET /approval/200': () => json(200, [pendingListing(L1, 'Fjord Hall')]) });
    renderAt(<ListingApprovalsPage />, '/admin/approvals/listings');
    expect(screen.getByRole('heading', { level: 1, name: 'Listing approvals' })).toBeTruthy();
    const cardEl = await screen.findByTestId('approval-card');
    expect(within(cardEl).getByRole('link', { name: 'Fjord Hall' }).getAttribute('href')).toBe(`/listing/${L1}`);
    expect(within(cardEl).getByRole('link', { name: 'Review Fjord Hall' }).getAttribute('href')).toBe(`/listing/${L1}?mode=review`);
    expect(within(cardEl).getByTestId('listing-company').textContent).toBe('Fjord AS');
    await waitFor(() => expect(within(cardEl).getByTestId('listing-category').textContent).toBe('Venues'));
    expect(within(cardEl).getByTestId('card-image').dataset.fileId).toBe('card-Fjord Hall');
  });

  it("shows 'No listings are waiting for approval' when the queue is empty", async () => {
    stubApi({ 'GET /approval/200': () => json(200, []) });
    renderAt(<ListingApprovalsPage />, '/admin/approvals/listings');
    await screen.findByText('No listings are waiting for approval');
  });

  it('shows the failure with Try Again when the queue cannot be fetched (offline)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    renderAt(<ListingApprovalsPage />, '/admin/approvals/listings');
    await screen.findByText('Failed to fetch listing approvals');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
