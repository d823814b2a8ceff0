import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { Region } from '../../../../src/domain/locations';
import RegionsAdminPage from '../../../../src/features/regions/RegionsAdminPage';
import { addCounty, canSaveRegion, cardCounties, regionInputOf } from '../../../../src/features/regions/regionForm';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';

let countyIds = 0;
const region = (id: string, name: string, counties: string[], extra: Partial<Region> = {}): Region => ({
  id, name, country: 'NO', version: 1, counties: counties.map((c) => ({ id: `county-${++countyIds}`, name: c })), ...extra,
});

const VESTLAND = region(R1, 'Vestland', ['Askøy', 'Bergen', 'Bømlo', 'Eidfjord', 'Voss']);
const OSLO = region(R2, 'Oslo', ['Oslo']);

/** The server's region list, as GET /locations answers it; writes in a test change it. */
let serverRegions: Region[];

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
  snackbars.items = [];
  serverRegions = [OSLO, VESTLAND];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
  snackbars.items = [];
});

const messages = () => snackbars.items.map((s) => [s.message, s.severity]);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;
const cardOf = (name: string) => screen.getAllByTestId('region-card').find((c) => within(c).getByRole('heading').textContent === name)!;

async function openPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ 'GET /locations': () => json(200, serverRegions), ...routes });
  renderAt(<RegionsAdminPage />, '/admin/regions');
  await screen.findByTestId('regions-list');
  return fetchMock;
}

async function openCreateDialog() {
  fireEvent.click(screen.getByTestId('region-create'));
  return screen.findByRole('dialog', { name: 'Create Region' });
}

const nameInput = (dialog: HTMLElement) => within(dialog).getByLabelText(/Region name/) as HTMLInputElement;
const countyInput = (dialog: HTMLElement) => within(dialog).getByLabelText('County name') as HTMLInputElement;
const countyNames = (dialog: HTMLElement) => within(dialog).queryAllByTestId('county-item').map((li) => li.textContent!.replace('×', '').trim());
const typeCounty = (dialog: HTMLElement, text: string) => fireEvent.change(countyInput(dialog), { target: { value: text } });
const pressEnter = (dialog: HTMLElement) => fireEvent.keyDown(countyInput(dialog), { key: 'Enter', code: 'Enter' });

describe('region form rules', () => {
  it('adds a trimmed county, never a blank one, never a duplicate (case-insensitively)', () => {
    expect(addCounty(['Bergen'], '  Voss ')).toEqual({ kind: 'added', counties: ['Bergen', 'Voss'] });
    expect(addCounty(['Bergen'], '   ')).toEqual({ kind: 'blank' });
    expect(addCounty(['Bergen'], '')).toEqual({ kind: 'blank' });
    expect(addCounty(['Bergen'], ' BERGEN ')).toEqual({ kind: 'duplicate', existing: 'Bergen' });
    expect(addCounty(['Ås'], 'ås')).toEqual({ kind: 'duplicate', existing: 'Ås' });
  });

  it('can save only with a non-blank name, and sends {name, country, counties[{name}]}', () => {
    expect(canSaveRegion({ name: '  ', country: 'NO', counties: ['A'] })).toBe(false);
    expect(canSaveRegion({ name: 'Agder', country: 'NO', counties: [] })).toBe(true);
    expect(regionInputOf({ name: ' Agder ', country: 'SE', counties: ['Arendal', 'Lillesand'] }))
      .toEqual({ name: 'Agder', country: 'SE', counties: [{ name: 'Arendal' }, { name: 'Lillesand' }] });
  });

  it('shows the first 3 counties on a card and counts the rest', () => {
    expect(cardCounties(VESTLAND)).toEqual({ names: ['Askøy', 'Bergen', 'Bømlo'], more: 2 });
    expect(cardCounties(region(R1, 'Three', ['A', 'B', 'C']))).toEqual({ names: ['A', 'B', 'C'], more: 0 });
    expect(cardCounties(region(R1, 'None', []))).toEqual({ names: [], more: 0 });
  });
});

describe('RegionsAdminPage cards and states', () => {
  it("shows a card per region with its country, the first 3 counties and '+N more'", async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Regions' })).toBeTruthy();
    expect(screen.getByTestId('regions-count').textContent).toBe('2 regions');
    const vestland = cardOf('Vestland');
    expect(within(vestland).getByTestId('region-meta').textContent).toBe('Norway · 5 counties');
    const chips = within(within(vestland).getByTestId('region-counties')).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips).toEqual(['Askøy', 'Bergen', 'Bømlo', '+2 more']);
    const oslo = cardOf('Oslo');
    expect(within(oslo).getByTestId('region-meta').textContent).toBe('Norway · 1 county');
    expect(within(oslo).queryByTestId('region-more')).toBeNull();
    expect(within(oslo).getByRole('button', { name: 'Edit Oslo' })).toBeTruthy();
    expect(within(oslo).getByRole('button', { name: 'Delete Oslo' })).toBeTruthy();
  });

  it('shows a loading state, then an empty state with Create Region', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ 'GET /locations': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt(<RegionsAdminPage />, '/admin/regions');
    await screen.findByText('Loading regions…');
    answer(json(200, []));
    const empty = await screen.findByTestId('regions-empty');
    expect(within(empty).getByText('No regions yet')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Create Region' })).toBeTruthy();
  });

  it("shows 'Failed to fetch regions' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({ 'GET /locations': () => (fail ? json(500, { message: 'boom' }) : json(200, serverRegions)) });
    renderAt(<RegionsAdminPage />, '/admin/regions');
    await screen.findByText('Failed to fetch regions');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('regions-list');
    expect(screen.queryByTestId('regions-error')).toBeNull();
  });
});

describe('region dialog rules', () => {
  it("keeps Save disabled while the name is blank and says 'Region name is required'", async () => {
    await openPage();
    const dialog = await openCreateDialog();
    const save = within(dialog).getByTestId('region-save') as HTMLButtonElement;
    expect(document.activeElement).toBe(nameInput(dialog));
    expect(save.disabled).toBe(true);
    fireEvent.change(nameInput(dialog), { target: { value: '   ' } });
    fireEvent.blur(nameInput(dialog));
    expect(within(dialog).getByText('Region name is required')).toBeTruthy();
    expect(nameInput(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    fireEvent.change(nameInput(dialog), { target: { value: 'Agder' } });
    expect(within(dialog).queryByText('Region name is required')).toBeNull();
    expect(save.disabled).toBe(false);
  });

  it('adds a county with Enter and with Add, trimmed, and never a blank one', async () => {
    await openPage();
    const dialog = await openCreateDialog();
    const add = within(dialog).getByTestId('county-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    typeCounty(dialog, '  Arendal ');
    pressEnter(dialog);
    expect(countyNames(dialog)).toEqual(['Arendal']);
    expect(countyInput(dialog).value).toBe('');
    expect(document.activeElement).toBe(countyInput(dialog));
    typeCounty(dialog, 'Lillesand');
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(countyNames(dialog)).toEqual(['Arendal', 'Lillesand']);
    typeCounty(dialog, '   ');
    expect(add.disabled).toBe(true);
    pressEnter(dialog);
    expect(countyNames(dialog)).toEqual(['Arendal', 'Lillesand']);
    expect(within(dialog).getByText('2 counties')).toBeTruthy();
  });

  it('ignores a duplicate county case-insensitively and says so', async () => {
    await openPage();
    const dialog = await openCreateDialog();
    typeCounty(dialog, 'Grimstad');
    pressEnter(dialog);
    typeCounty(dialog, ' grimSTAD ');
    pressEnter(dialog);
    expect(countyNames(dialog)).toEqual(['Grimstad']);
    expect(within(dialog).getByTestId('county-note').textContent).toBe('Grimstad is already in the list');
  });

  it('removes a county with its button', async () => {
    await openPage();
    const dialog = await openCreateDialog();
    for (const name of ['A-by', 'B-by', 'C-by']) {
      typeCounty(dialog, name);
      pressEnter(dialog);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove B-by' }));
    expect(countyNames(dialog)).toEqual(['A-by', 'C-by']);
    expect(within(dialog).getByTestId('county-note').textContent).toBe('B-by removed');
    expect(document.activeElement).toBe(countyInput(dialog));
  });
});

describe('region writes', () => {
  it("creates a region: POSTs {name, country, counties[{name}]}, refreshes the Dexie catalogue, says 'Region created'", async () => {
    const created = region('33333333-3333-4333-8333-333333333333', 'Agder', ['Arendal', 'Lillesand'], { country: 'SE' });
    const fetchMock = await openPage({
      'POST /locations': () => {
        serverRegions = [OSLO, created, VESTLAND];
        return json(201, created);
      },
    });
    const dialog = await openCreateDialog();
    fireEvent.change(nameInput(dialog), { target: { value: ' Agder ' } });
    fireEvent.change(within(dialog).getByTestId('region-country'), { target: { value: 'SE' } });
    // With a valid name, Enter in the county field still only adds the county (the POST below has both).
    typeCounty(dialog, 'Arendal');
    pressEnter(dialog);
    expect(screen.getByRole('dialog', { name: 'Create Region' })).toBeTruthy();
    typeCounty(dialog, 'Lillesand');
    fireEvent.click(within(dialog).getByTestId('county-add'));
    fireEvent.click(within(dialog).getByTestId('region-save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls(fetchMock, '/locations').filter(([, init]) => init?.method === 'POST');
    expect(posts.map(bodyOf)).toEqual([{ name: 'Agder', country: 'SE', counties: [{ name: 'Arendal' }, { name: 'Lillesand' }] }]);
    expect(messages()).toEqual([['Region created', 'success']]);
    // The shared catalogue the browse filters and the listing editor read: in the server's order.
    await waitFor(async () => expect((await db.regions.orderBy('position').toArray()).map((r) => r.name)).toEqual(['Oslo', 'Agder', 'Vestland']));
    expect(within(cardOf('Agder')).getByTestId('region-meta').textContent).toBe('Sweden · 2 counties');
  });

  it("edits a region with If-Match of its version: the dialog starts from the stored region; 'Region updated'", async () => {
    const fetchMock = await openPage({
      [`PUT /locations/${R2}`]: (init) => {
        const body = JSON.parse(String(init.body)) as { name: string; counties: { name: string }[] };
        const updated = region(R2, body.name, body.counties.map((c) => c.name), { version: 2 });
        serverRegions = [updated, VESTLAND];
        return json(200, updated);
      },
    });
    fireEvent.click(within(cardOf('Oslo')).getByRole('button', { name: 'Edit Oslo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Region' });
    expect(nameInput(dialog).value).toBe('Oslo');
    expect(countyNames(dialog)).toEqual(['Oslo']);
    typeCounty(dialog, 'Nordstrand');
    pressEnter(dialog);
    fireEvent.click(within(dialog).getByTestId('region-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [put] = calls(fetchMock, `/locations/${R2}`);
    expect(bodyOf(put!)).toEqual({ name: 'Oslo', country: 'NO', counties: [{ name: 'Oslo' }, { name: 'Nordstrand' }] });
    expect(new Headers((put![1] as RequestInit).headers).get('if-match')).toBe('"1"');
    expect(messages()).toEqual([['Region updated', 'success']]);
    await waitFor(async () => expect((await db.regions.get(R2))?.counties.map((c) => c.name)).toEqual(['Oslo', 'Nordstrand']));
  });

  it("keeps the dialog open on a failed save and shows the server's message there and in a snackbar", async () => {
    await openPage({
      'POST /locations': () => json(409, { message: 'A region with this name already exists', errors: [{ field: 'name', message: 'A region with this name already exists' }] }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(nameInput(dialog), { target: { value: 'vestland' } });
    fireEvent.click(within(dialog).getByTestId('region-save'));
    await within(dialog).findByText('A region with this name already exists');
    expect(screen.getByRole('dialog', { name: 'Create Region' })).toBeTruthy();
    expect(messages()).toEqual([['Failed to create region: A region with this name already exists', 'error']]);
  });

  it('asks before deleting: Cancel keeps the region, Delete removes it from the server and Dexie', async () => {
    const fetchMock = await openPage({
      [`DELETE /locations/${R1}`]: () => {
        serverRegions = [OSLO];
        return json(204, null);
      },
    });
    fireEvent.click(within(cardOf('Vestland')).getByRole('button', { name: 'Delete Vestland' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Region' });
    expect(confirm.textContent).toContain('Delete the region Vestland? Its 5 counties are deleted with it. This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, `/locations/${R1}`)).toHaveLength(0);
    expect(cardOf('Vestland')).toBeTruthy();

    fireEvent.click(within(cardOf('Vestland')).getByRole('button', { name: 'Delete Vestland' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Region' });
    fireEvent.click(within(confirm).getByTestId('region-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, `/locations/${R1}`).map(([, init]) => init?.method)).toEqual(['DELETE']);
    expect(messages()).toEqual([['Region deleted', 'success']]);
    await waitFor(() => expect(screen.getAllByTestId('region-card')).toHaveLength(1));
    expect(await db.regions.get(R1)).toBeUndefined();
  });

  it("says why a delete failed (a region listings use) and keeps the region", async () => {
    await openPage({
      [`DELETE /locations/${R1}`]: () => json(409, { message: 'This region is used by listings. Remove it from them first.' }),
    });
    fireEvent.click(within(cardOf('Vestland')).getByRole('button', { name: 'Delete Vestland' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Region' });
    fireEvent.click(within(confirm).getByTestId('region-delete-confirm'));
    await waitFor(() => expect(messages()).toEqual([['Failed to delete region: This region is used by listings. Remove it from them first.', 'error']]));
    expect(cardOf('Vestland')).toBeTruthy();
    expect(await db.regions.get(R1)).toBeTruthy();
  });
});
