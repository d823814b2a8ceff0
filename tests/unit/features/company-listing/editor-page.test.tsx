import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import CompanyListingPage from '../../../../src/features/company-listing/CompanyListingPage';
import { DRAFT_DEBOUNCE_MS } from '../../../../src/features/company-listing/useListingDraft';
import { onWriteQueued, userEntries } from '../../../../src/sync/outbox';
import { createReplayer } from '../../../../src/sync/replay';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { category, json, stubApi } from '../../sync/fixtures';
import { COMPANY_ID, answered, save } from '../../sync/listing-fixtures';

const L1 = '00000000-0000-4000-8000-000000000001';
const messages = () => snackbars.items.map((s) => `${s.severity}:${s.message}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label, with or without the required mark. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`), { selector: 'input, select' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });

async function seedCatalogue() {
  await db.categories.bulkPut([{ ...category(1), position: 0 }, { ...category(2), position: 1 }]);
  await db.subCategories.bulkPut([
    { id: 'sub-1', categoryId: 'cat-1', name: 'Sub 1', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 },
    { id: 'sub-2', categoryId: 'cat-1', name: 'Sub 2', shortDescription: '', description: '', imageUri: null, version: 1, position: 1 },
  ]);
  await db.categoryServices.put({ id: 'cs-1', categoryId: 'cat-1', name: 'Catering', groupName: 'Food', shortDescription: '', version: 1, position: 0 });
  await db.subCategoryServices.put({ id: 'ss-1', subCategoryId: 'sub-1', name: 'Boat', groupName: '', shortDescription: '', version: 1, position: 0 });
}

let stopReplayer: (() => void) | null = null;
/** The write queue as the app runs it: each queued write is sent at once. */
function runQueue() {
  const replayer = createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
  const off = onWriteQueued(() => void replayer.run());
  stopReplayer = () => {
    off();
    replayer.stop();
  };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  await seedCatalogue();
  session.user = makeUser();
});
afterEach(() => {
  stopReplayer?.();
  stopReplayer = null;
  session.user = null;
  snackbars.items = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function fillValidForm() {
  type('Name', 'Boat trips');
  type('Short description', 'Trips on the fjord all summer');
  await screen.findByRole('option', { name: 'Category 1' });
  fireEvent.change(field('Category'), { target: { value: 'cat-1' } });
  await screen.findByRole('option', { name: 'Sub 1' });
  fireEvent.change(field('Sub-category'), { target: { value: 'sub-1' } });
}

describe('the listing editor (spec 2 §2, §4, §5)', () => {
  it('without companyId it goes to /', async () => {
    const { location } = renderAt(<CompanyListingPage />, '/company/listing?mode=create');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('create starts in edit; saving is blocked while errors show, and an error goes when its field changes', async () => {
    stubApi({});
    renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    await screen.findByRole('form');
    type('Name', 'ab');
    fireEvent.click(button('Save as Draft'));
    expect(await screen.findByText('Name must be at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('Short description is required.')).toBeTruthy();
    expect(screen.getByText('Category is required.')).toBeTruthy();
    expect(screen.getByText('Subcategory is required.')).toBeTruthy();
    expect((button('Save as Draft') as HTMLButtonElement).disabled).toBe(true);
    expect(await userEntries('u1')).toHaveLength(0);
    type('Name', 'abc');
    await waitFor(() => expect(screen.queryByText('Name must be at least 3 characters.')).toBeNull());
    expect(screen.getByText('Short description is required.')).toBeTruthy();
  });

  it('cuts the name at 50 and the short description at 150 characters, and hints Contact for Price', async () => {
    renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    await screen.findByRole('form');
    type('Name', 'n'.repeat(70));
    type('Short description', 's'.repeat(200));
    expect(field('Name').value).toHaveLength(50);
    expect(field('Short description').value).toHaveLength(150);
    expect(screen.getByText("Shown as 'Contact for Price'")).toBeTruthy();
    type('Price (Kr)', 'ten');
    fireEvent.click(button('Save as Draft'));
    expect(await screen.findByText('Price must be a number.')).toBeTruthy();
  });

  it('changing the category clears the sub-category and the services (clearing rules)', async () => {
    renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    await screen.findByRole('form');
    await fillValidForm();
    fireEvent.click(await screen.findByLabelText('Catering'));
    fireEvent.click(await screen.findByLabelText('Boat'));
    expect((screen.getByLabelText('Boat') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(field('Sub-category'), { target: { value: 'sub-2' } });
    await waitFor(() => expect(screen.queryByLabelText('Boat')).toBeNull());
    expect((screen.getByLabelText('Catering') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(field('Category'), { target: { value: 'cat-2' } });
    await waitFor(() => expect(field('Sub-category').value).toBe(''));
    expect(screen.queryByLabelText('Catering')).toBeNull();
  });

  it('offline, Save as Draft is kept on the device and queued once, the draft goes, and the new listing\'s view opens', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({});
    const { location } = renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    await screen.findByRole('form');
    await fillValidForm();
    fireEvent.click(button('Save as Draft'));
    await waitFor(() => expect(messages()).toEqual(['info:Saved on this device. It will be sent when you are back online.']));
    const entries = await userEntries('u1');
    expect(entries.map((e) => [e.kind, e.method, e.path])).toEqual([['listing.create', 'POST', '/listing']]);
    const body = entries[0]!.body as { id: string; status: number; name: string; companyId: string };
    expect(body).toMatchObject({ status: 0, name: 'Boat trips', companyId: COMPANY_ID });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/company/listing?companyId=${COMPANY_ID}&listingId=${body.id}&mode=view`));
    expect(await db.formDrafts.count()).toBe(0);
    expect(await db.ownListings.get(body.id)).toMatchObject({ name: 'Boat trips', status: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the form in Dexie as the user types and restores it on reopen, with Discard', async () => {
    const first = renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    await screen.findByRole('form');
    type('Name', 'Half typed');
    await waitFor(async () => expect(await db.formDrafts.get(['u1', `listing:new:${COMPANY_ID}`])).toBeDefined(), { timeout: DRAFT_DEBOUNCE_MS * 5 });
    first.unmount();

    renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&mode=create`);
    expect(await screen.findByText('Restored your unsaved changes')).toBeTruthy();
    expect(field('Name').value).toBe('Half typed');
    fireEvent.click(button('Discard'));
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(await db.formDrafts.count()).toBe(0);
  });

  it('view shows the listing read-only; Edit opens the form', async () => {
    const stored = answered(save(L1, { name: 'Boat trips' }), 3);
    await db.ownListings.put({ ...stored, userId: 'u1', fetchedAt: 1 });
    stubApi({ [`GET /listing/${L1}`]: () => json(200, stored) });
    const { location } = renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&listingId=${L1}&mode=view`);
    expect(await screen.findByTestId('listing-read-only')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(button('Edit'));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/company/listing?companyId=${COMPANY_ID}&listingId=${L1}&mode=edit`));
  });

  it('Request Approval on an edited listing sends PUT with status 100 and says "Listing updated successfully"', async () => {
    const stored = answered(save(L1, { name: 'Boat trips' }), 3);
    await db.ownListings.put({ ...stored, userId: 'u1', fetchedAt: 1 });
    let put: Record<string, unknown> | null = null;
    stubApi({
      [`GET /listing/${L1}`]: () => json(200, put ? { ...stored, ...put, version: 4 } : stored),
      [`PUT /listing/${L1}`]: (init) => {
        put = JSON.parse(String(init.body)) as Record<string, unknown>;
        return json(200, { ...stored, ...put, version: 4 }, { etag: '"4"' });
      },
    });
    runQueue();
    const { location } = renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&listingId=${L1}&mode=edit`);
    await screen.findByRole('form');
    await waitFor(() => expect(field('Name').value).toBe('Boat trips'));
    type('Name', 'Boat tours');
    await act(async () => {
      fireEvent.click(button('Request Approval'));
    });
    await waitFor(() => expect(messages()).toEqual(['success:Listing updated successfully']));
    expect(put).toMatchObject({ name: 'Boat tours', status: 100 });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/company/listing?companyId=${COMPANY_ID}&listingId=${L1}&mode=view`));
    expect(await db.ownListings.get(L1)).toMatchObject({ name: 'Boat tours', version: 4 });
  });

  it('a refused update says "Failed to update listing" and keeps the form', async () => {
    const stored = answered(save(L1, { name: 'Boat trips' }), 3);
    await db.ownListings.put({ ...stored, userId: 'u1', fetchedAt: 1 });
    stubApi({
      [`GET /listing/${L1}`]: () => json(200, stored),
      [`PUT /listing/${L1}`]: () => json(409, { message: 'Company must be active to manage listings' }),
    });
    runQueue();
    renderAt(<CompanyListingPage />, `/company/listing?companyId=${COMPANY_ID}&listingId=${L1}&mode=edit`);
    await screen.findByRole('form');
    await waitFor(() => expect(field('Name').value).toBe('Boat trips'));
    type('Name', 'Boat tours');
    fireEvent.click(button('Save as Draft'));
    await waitFor(() => expect(messages()).toEqual(['error:Failed to update listing: Company must be active to manage listings']));
    expect(field('Name').value).toBe('Boat tours');
    expect(await userEntries('u1')).toHaveLength(0);
  });
});
