import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { session } from '../../../../src/state/session';
import CompanyListingsView from '../../../../src/features/company-listings/CompanyListingsView';
import { userEntries } from '../../../../src/sync/outbox';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { COMPANY_ID, answered, ownedCard, save } from '../../sync/listing-fixtures';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const listing = (n: number, status: number, name: string) =>
  answered(save(id(n), { name, status: status as 0 }), 1);

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
});
afterEach(() => {
  session.user = null;
  vi.unstubAllGlobals();
});

describe('the company listings view (spec 2 §2)', () => {
  it('says Loading... while the first pull runs, with the header buttons', async () => {
    stubApi({ [`GET /listing/company/${COMPANY_ID}`]: () => new Promise<Response>(() => {}) });
    renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company Statistics' }).getAttribute('href')).toBe(`/company-statistics?companyId=${COMPANY_ID}`);
    expect(screen.getByRole('link', { name: 'Create New Listing' }).getAttribute('href')).toBe(`/company/listing?companyId=${COMPANY_ID}&mode=create`);
  });

  it('says Error: with the reason when the pull fails', async () => {
    stubApi({ [`GET /listing/company/${COMPANY_ID}`]: () => json(403, { message: 'You do not have access to this company' }) });
    renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
    expect(await screen.findByText('Error: You do not have access to this company')).toBeTruthy();
  });

  it('shows an empty state when the company has no listings', async () => {
    stubApi({ [`GET /listing/company/${COMPANY_ID}`]: () => json(200, []) });
    renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
    expect(await screen.findByText('No listings yet')).toBeTruthy();
  });

  it('shows each listing with its badge, sync state and edit / statistics links', async () => {
    const rows = [listing(1, 0, 'Draft one'), listing(2, 100, 'Waiting one'), listing(3, 200, 'Public one'), listing(4, 300, 'Refused one'),
      listing(5, 500, 'Odd one'), listing(6, 400, 'Active one')];
    const routes: Record<string, () => Response> = { [`GET /listing/company/${COMPANY_ID}`]: () => json(200, rows.map(ownedCard)) };
    for (const row of rows) routes[`GET /listing/${row.id}`] = () => json(200, row);
    stubApi(routes);
    renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
    await waitFor(() => expect(screen.getAllByTestId('company-listing-card')).toHaveLength(6));
    const badge = (name: string) => within(screen.getByText(name).closest('li')!).getByTestId('listing-status').textContent;
    // The listings view's labels (spec 2 §2), not the listing page's (§4).
    expect(['Draft one', 'Waiting one', 'Public one', 'Refused one', 'Odd one', 'Active one'].map(badge))
      .toEqual(['Draft', 'Not Approved', 'Active', 'Rejected', 'Unknown', 'Active']);
    const card = screen.getByText('Draft one').closest('li')!;
    expect(within(card).getByRole('link', { name: 'Edit Draft one' }).getAttribute('href'))
      .toBe(`/company/listing?companyId=${COMPANY_ID}&listingId=${id(1)}&mode=view`);
    expect(within(card).getByRole('link', { name: 'Statistics of Draft one' }).getAttribute('href'))
      .toBe(`/company-statistics?companyId=${COMPANY_ID}&listingId=${id(1)}`);
  });

  it('deletes only after the confirmation, through the write queue, and shows the pending state meanwhile', async () => {
    const row = listing(1, 0, 'Boat trips');
    await db.ownListings.put({ ...row, userId: 'u1', fetchedAt: 1 });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      stubApi({});
      renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Delete Boat trips' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Are you sure you want to delete this listing?')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await db.ownListings.get(row.id)).toBeDefined();
      expect(await userEntries('u1')).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Delete Boat trips' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('Boat trips')).toBeNull());
      expect((await userEntries('u1')).map((e) => [e.kind, e.method, e.path])).toEqual([['listing.remove', 'DELETE', `/listing/${row.id}`]]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('a queued edit shows as waiting to sync on its card', async () => {
    const row = listing(1, 0, 'Boat trips');
    await db.ownListings.put({ ...row, userId: 'u1', fetchedAt: 1 });
    await db.outbox.add({
      id: 'e1', userId: 'u1', kind: 'listing.update', method: 'PUT', path: `/listing/${row.id}`, entity: 'listing', entityId: row.id,
      baseVersion: 1, createdAt: 1, attempts: 0, state: 'pending', lastError: null,
    });
    stubApi({ [`GET /listing/company/${COMPANY_ID}`]: () => json(200, [ownedCard(row)]) });
    renderAt(<CompanyListingsView companyId={COMPANY_ID} />);
    const note = await screen.findByTestId('sync-state');
    expect(note.getAttribute('data-state')).toBe('pending');
    expect(note.textContent).toBe('Waiting to sync');
  });
});
