import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { cardRow } from '../../../../src/db/listings';
import type { Company, OwnedCompany } from '../../../../src/domain/companies';
import type { OwnedListingCard } from '../../../../src/domain/listings';
import CompanyOverviewPage from '../../../../src/features/company-overview/CompanyOverviewPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, card, json, stubApi } from '../../sync/fixtures';

// Images are the Image component's business (tested with it); here only which file each one shows.
// The real one would have happy-dom fetch the banner (loaded eagerly) from a server that is not there.
vi.mock('../../../../src/ui/Image', () => ({
  Image: ({ fileId, 'data-testid': testId }: { fileId: string | null; 'data-testid'?: string }) =>
    <div data-testid={testId} data-file-id={fileId ?? ''} />,
}));

const CO = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const admin = makeUser({ id: 'admin-1', roles: ['Admin'] });

const company: Company = {
  id: CO, name: 'Fjord AS', shortDescription: 'Venues by the fjord', description: 'Three halls.\nOne by the water.',
  logoImageUri: 'logo-1', bannerImageUri: 'banner-1', organizationNumber: '987654321',
  websiteUrl: 'https://fjord.example', facebookUrl: 'https://facebook.com/fjord', instagramUrl: 'https://instagram.com/fjord',
  twitterUrl: 'https://twitter.com/fjord', youtubeUrl: 'https://youtube.com/@fjord', phoneNumber: '+47 912 34 567', email: 'post@fjord.example',
  status: 100,
};

const owned = (extra: Partial<OwnedCompany> = {}): OwnedCompany => ({
  ...company, status: 200, createdById: 'owner-7', createdAt: '2026-03-05T10:00:00.000Z', updatedAt: '2026-03-06T10:00:00.000Z',
  deletedAt: null, stripeCustomerId: 'cus_secret', activeSubscriptionId: null, activeProductId: null, currentPeriodStart: null,
  currentPeriodEnd: null, subscriptionHistory: [], oneTimePurchaseHistory: [], listingTokens: 0, eventClickTokens_Subscription: 0,
  eventClickTokens_Extras: 0, version: 3, owner: { fullName: 'Olga Owner', email: 'olga@example.com' }, ...extra,
});

const ownedCard = (id: string, status: OwnedListingCard['status'], name: string): OwnedListingCard => ({
  ...card(id, { name, company: { id: CO, name: 'Fjord AS', logoImageUri: null } }), status, companyId: CO, updatedAt: '2026-03-06T10:00:00.000Z', version: 1,
});

const page = (query = '') => renderAt(<CompanyOverviewPage />, `/company-overview?companyId=${CO}${query}`);

const routes = (extra = {}) => ({
  [`GET /company/${CO}`]: () => json(200, company),
  [`GET /listing/company/${CO}`]: () => json(200, [
    card('l-new', { name: 'Newest Hall', company: { id: CO, name: 'Fjord AS', logoImageUri: null } }),
    card('l-old', { name: 'Aaa Old Hall', company: { id: CO, name: 'Fjord AS', logoImageUri: null } }),
  ]),
  ...extra,
});

const approvalBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/approval').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

beforeEach(async () => {
  await db.delete();
  await db.open();
  snackbars.items = [];
});
afterEach(() => {
  // Unmount before the real fetch is back: a live query settling late must not reach the network.
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('CompanyOverviewPage (public)', () => {
  it("shows 'Loading company information...' and then the company with its banner, logo, texts and contact card", async () => {
    let answer: ((r: Response) => void) | null = null;
    stubApi(routes({ [`GET /company/${CO}`]: () => new Promise<Response>((resolve) => { answer = resolve; }) }));
    page();
    await screen.findByText('Loading company information...');
    // The pull is sent once the mirror's module has loaded (a dynamic import): answer it once asked.
    await vi.waitFor(() => expect(answer).not.toBeNull());
    answer!(json(200, company));
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    await vi.waitFor(() => expect(document.title).toBe('Fjord AS | EventMarket'));
    expect(screen.getByText('Venues by the fjord')).toBeTruthy();
    expect(screen.getByTestId('company-description').textContent).toBe('Three halls.\nOne by the water.');
    expect(screen.getByTestId('company-org-number').textContent).toBe('987654321');
    expect(screen.getByTestId('company-banner').dataset.fileId).toBe('banner-1');
    expect(screen.getByTestId('company-logo').dataset.fileId).toBe('logo-1');
    // An Active company shows no status chip to the public.
    expect(screen.queryByTestId('company-status')).toBeNull();
    expect(await db.companies.get(CO)).toMatchObject({ name: 'Fjord AS' });
  });

  it('opens each of the five links in a new tab with rel noopener', async () => {
    stubApi(routes());
    page();
    const contact = await screen.findByTestId('company-contact');
    const expected = {
      Website: 'https://fjord.example', Facebook: 'https://facebook.com/fjord', Instagram: 'https://instagram.com/fjord',
      Twitter: 'https://twitter.com/fjord', YouTube: 'https://youtube.com/@fjord',
    };
    for (const [label, href] of Object.entries(expected)) {
      const link = within(contact).getByRole('link', { name: new RegExp(`^${label}`) });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('leaves out a link that is not an http(s) address', async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, { ...company, websiteUrl: 'javascript:alert(1)', facebookUrl: null }) }));
    page();
    const contact = await screen.findByTestId('company-contact');
    expect(within(contact).queryByRole('link', { name: /^Website/ })).toBeNull();
    expect(within(contact).queryByRole('link', { name: /^Facebook/ })).toBeNull();
    expect(within(contact).getByRole('link', { name: /^Instagram/ })).toBeTruthy();
  });

  it("hides the phone behind 'View Phone' until clicked, then shows a tel: link", async () => {
    stubApi(routes());
    page();
    const button = await screen.findByRole('button', { name: 'View Phone' });
    expect(screen.queryByText('+47 912 34 567')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('link', { name: '+47 912 34 567' }).getAttribute('href')).toBe('tel:+4791234567');
  });

  it("lists the company's public listings as browse cards, newest first, leaving out any that are not public", async () => {
    stubApi(routes({
      // What an owner or Admin is answered: every status.
      [`GET /listing/company/${CO}`]: () => json(200, [
        ownedCard('l-new', 200, 'Newest Hall'), ownedCard('l-draft', 0, 'Draft Hall'), ownedCard('l-pending', 100, 'Pending Hall'), ownedCard('l-old', 400, 'Aaa Old Hall'),
        // Approved, but its company is not Active (hidden from visitors): not for the public cache either.
        { ...ownedCard('l-hidden', 200, 'Hidden Hall'), isActive: false },
      ]),
    }));
    page();
    const list = await screen.findByTestId('company-listings');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    const links = within(list).getAllByRole('link', { name: /Hall/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Newest Hall', '/listing/l-new'], ['Aaa Old Hall', '/listing/l-old']]);
    expect((await db.listings.toArray()).map((l) => l.id).sort()).toEqual(['l-new', 'l-old']);
  });

  it('drops a stored listing of the company that the server no longer lists', async () => {
    await db.listings.put(cardRow(card('l-gone', { name: 'Gone Hall', company: { id: CO, name: 'Fjord AS', logoImageUri: null } }), 1));
    stubApi(routes());
    page();
    await screen.findByRole('link', { name: 'Newest Hall' });
    await waitFor(async () => expect(await db.listings.get('l-gone')).toBeUndefined());
    expect(screen.queryByRole('link', { name: 'Gone Hall' })).toBeNull();
  });

  it('says so when the company has no public listings', async () => {
    stubApi(routes({ [`GET /listing/company/${CO}`]: () => json(200, []) }));
    page();
    await screen.findByText('This company has no public listings yet.');
  });

  it("shows 'Company not found' on a 404 and removes the stored copy", async () => {
    await db.companies.put({ ...company, fetchedAt: 1 });
    stubApi(routes({ [`GET /company/${CO}`]: () => json(404, { message: 'Company not found' }) }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Company not found' });
    expect(await db.companies.get(CO)).toBeUndefined();
  });

  it("shows 'Company not found' without a request when companyId is missing or not a UUID", async () => {
    const fetchMock = stubApi(routes());
    const first = renderAt(<CompanyOverviewPage />, '/company-overview');
    await screen.findByRole('heading', { level: 1, name: 'Company not found' });
    first.unmount();
    renderAt(<CompanyOverviewPage />, '/company-overview?companyId=nope');
    await screen.findByRole('heading', { level: 1, name: 'Company not found' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline, shows the company and listings stored on this device with a note', async () => {
    await db.companies.put({ ...company, fetchedAt: 1 });
    await db.listings.put(cardRow(card('l-saved', { name: 'Saved Hall', company: { id: CO, name: 'Fjord AS', logoImageUri: null } }), 1));
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    await screen.findByText('Could not reach the server. Showing the copy saved on this device.');
    await screen.findByText('Could not reach the server. Showing listings saved on this device.');
    expect(screen.getByRole('link', { name: 'Saved Hall' })).toBeTruthy();
  });

  it('offline with nothing stored, says so with Try Again, which loads again', async () => {
    let down = true;
    stubApi(routes({
      [`GET /company/${CO}`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return json(200, company);
      },
    }));
    page();
    await screen.findByText('Could not reach the server, and this company is not saved on this device.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
  });

  it("shows 'Failed to fetch company' when the server fails and nothing is stored", async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(500, { message: 'boom' }) }));
    page();
    await screen.findByText('Failed to fetch company');
  });

  it('shows its owner a company awaiting approval with its status, without storing it in the public cache', async () => {
    await db.companies.put({ ...company, fetchedAt: 1 });
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned()) }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    await waitFor(() => expect(screen.getByTestId('company-status').textContent).toBe('Awaiting Approval'));
    await waitFor(async () => expect(await db.companies.get(CO)).toBeUndefined());
  });

  it('stores only the public fields of an Active company answered to its owner', async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned({ status: 100 })) }));
    page();
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    await waitFor(async () => expect(await db.companies.get(CO)).toBeTruthy());
    const stored = await db.companies.get(CO);
    expect(stored).not.toHaveProperty('stripeCustomerId');
    expect(stored).not.toHaveProperty('createdById');
  });
});

describe('CompanyOverviewPage in review mode', () => {
  beforeEach(() => {
    session.user = admin;
  });

  it("shows an Admin the full record, the status chip and the Approve and Reject bars", async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned()) }));
    page('&mode=review');
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    const record = screen.getByRole('region', { name: 'Company record' });
    expect(within(record).getByTestId('company-status').textContent).toBe('Awaiting Approval');
    expect(within(record).getByText('05/03/2026')).toBeTruthy();
    expect(within(record).getByText('Olga Owner (olga@example.com)')).toBeTruthy();
    // The Admin sees the number at once.
    expect(within(record).getByText('+47 912 34 567')).toBeTruthy();
    const bar = screen.getByRole('region', { name: 'Review this company' });
    expect(within(bar).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // Not public: never stored on the device.
    expect(await db.companies.get(CO)).toBeUndefined();
  });

  it.each([[100, 'Active'], [250, 'Rejected'], [300, 'Deleted'], [999, 'Unknown']])('labels status %i as %s', async (status, label) => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned({ status })) }));
    page('&mode=review');
    const record = await screen.findByRole('region', { name: 'Company record' });
    expect(within(record).getByTestId('company-status').textContent).toBe(label);
  });

  it('shows the public page to a user who is not an Admin', async () => {
    session.user = makeUser({ roles: [] });
    stubApi(routes());
    page('&mode=review');
    await screen.findByRole('heading', { level: 1, name: 'Fjord AS' });
    expect(screen.queryByTestId('approval-bar')).toBeNull();
    expect(screen.queryByTestId('company-record')).toBeNull();
  });

  it('Approve posts {id, approved: true, type: 100} and goes back to the company approvals with a snackbar', async () => {
    const fetchMock = stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned()), 'POST /approval': () => json(200, owned({ status: 100 })) }));
    const { location } = page('&mode=review');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/companies'));
    expect(approvalBodies(fetchMock)).toEqual([{ id: CO, approved: true, type: 100 }]);
    expect(snackbars.items.map((s) => [s.message, s.severity])).toEqual([['Company approved', 'success']]);
  });

  it('Reject asks for confirmation, then posts approved: false and goes back', async () => {
    const fetchMock = stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned()), 'POST /approval': () => json(200, owned({ status: 250 })) }));
    const { location } = page('&mode=review');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this company?' });
    expect(approvalBodies(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/companies'));
    expect(approvalBodies(fetchMock)).toEqual([{ id: CO, approved: false, type: 100 }]);
    expect(snackbars.items.map((s) => s.message)).toEqual(['Company rejected']);
  });

  it("says 'Failed to approve company' and stays when the approval fails", async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(200, owned()), 'POST /approval': () => json(403, { message: 'Forbidden' }) }));
    const { location } = page('&mode=review');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(snackbars.items.map((s) => [s.message, s.severity])).toEqual([['Failed to approve company', 'error']]));
    expect(location.history.at(-1)).toBe(`/company-overview?companyId=${CO}&mode=review`);
  });

  it("shows 'Company not found' in review mode on a 404, without bars", async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(404, { message: 'Company not found' }) }));
    page('&mode=review');
    await screen.findByRole('heading', { level: 1, name: 'Company not found' });
    expect(screen.queryByTestId('approval-bar')).toBeNull();
  });
});
