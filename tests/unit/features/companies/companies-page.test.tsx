import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { db } from '../../../../src/db/database';
import { CompanyStatus } from '../../../../src/domain/companies';
import CompaniesPage from '../../../../src/features/companies/CompaniesPage';
import { CARD_STYLE_KEY } from '../../../../src/features/companies/cardStyle';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { createCompany } from '../../../../src/sync/entities/companies';
import { queueWrite } from '../../../../src/sync/outbox';
import { makeUser, queueBackend } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { companyInput, ownedCompany } from './fixtures';
import { goOffline, renderAt, storeCompany } from './helpers';

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  session.user = makeUser();
  snackbars.items = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

const cards = () => screen.getAllByTestId('company-card');
const card = (name: string) => cards().find((c) => within(c).queryByRole('link', { name }))!;

describe('/companies', () => {
  it('shows the user\'s companies with their status chips, each linking to its hub', async () => {
    stubApi({
      'GET /company/by-user': () => json(200, [
        ownedCompany('a', { name: 'Aurora Catering', status: CompanyStatus.Active }),
        ownedCompany('b', { name: 'Bryllup AS', status: CompanyStatus.AwaitingApproval }),
        ownedCompany('c', { name: 'Circus Crew', status: CompanyStatus.Rejected }),
        ownedCompany('d', { name: 'Dansegruppa', status: CompanyStatus.Deleted, deletedAt: new Date().toISOString() }),
        ownedCompany('e', { name: 'Eventyr', status: 999 }),
      ]),
    });
    renderAt(<CompaniesPage />, '/companies');
    expect(screen.getByRole('heading', { name: 'My Companies' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect(cards().map((c) => within(c).getByTestId('company-status').textContent)).toEqual([
      'Active', 'Awaiting Approval', 'Rejected', 'Deleted', 'Unknown',
    ]);
    expect(screen.getByRole('link', { name: 'Bryllup AS' }).getAttribute('href')).toBe('/company?companyId=b');
    expect(screen.getAllByRole('link', { name: 'Add Company' })[0]!.getAttribute('href')).toBe('/company');
  });

  it('shows the empty state with Add Company', async () => {
    stubApi({ 'GET /company/by-user': () => json(200, []) });
    renderAt(<CompaniesPage />, '/companies');
    const empty = await screen.findByTestId('companies-empty');
    expect(empty.textContent).toContain('You have no companies yet');
    expect(within(empty).getByRole('link', { name: 'Add Company' }).getAttribute('href')).toBe('/company');
  });

  it('says Failed to fetch companies when nothing is stored and the server fails, and Try Again loads', async () => {
    let fail = true;
    stubApi({ 'GET /company/by-user': () => (fail ? json(400, { message: 'Bad' }) : json(200, [ownedCompany('a', { name: 'Aurora Catering' })])) });
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByText('Failed to fetch companies');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('link', { name: 'Aurora Catering' });
  });

  it('offline, shows the stored companies with a note', async () => {
    await storeCompany(ownedCompany('a', { name: 'Aurora Catering' }));
    goOffline();
    stubApi({});
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect((await screen.findByTestId('companies-stale')).textContent).toContain('You are offline');
  });

  it('remembers the card style on this device, and each style looks different', async () => {
    stubApi({ 'GET /company/by-user': () => json(200, [ownedCompany('a', { name: 'Aurora Catering' })]) });
    const { unmount } = renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect((screen.getByRole('radio', { name: 'Default' }) as HTMLInputElement).checked).toBe(true);
    const looks = new Set<string>();
    for (const style of ['Minimal', 'Elegant', 'Modern', 'Default']) {
      fireEvent.click(screen.getByRole('radio', { name: style }));
      expect(cards()[0]!.dataset.style).toBe(style.toLowerCase());
      looks.add(cards()[0]!.className);
    }
    expect(looks.size).toBe(4);
    fireEvent.click(screen.getByRole('radio', { name: 'Elegant' }));
    expect(localStorage.getItem(CARD_STYLE_KEY)).toBe('elegant');
    unmount();
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect((screen.getByRole('radio', { name: 'Elegant' }) as HTMLInputElement).checked).toBe(true);
    expect(cards()[0]!.dataset.style).toBe('elegant');
  });

  it('a company made offline shows at once, waiting to sync', async () => {
    goOffline();
    stubApi({});
    await queueWrite(createCompany, { id: 'new-1', ...companyInput({ name: 'Made Offline' }) }, 'u1');
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Made Offline' });
    const sync = await within(card('Made Offline')).findByTestId('company-sync');
    expect(sync.dataset.state).toBe('pending');
    expect(sync.textContent).toBe('Waiting to sync');
    expect(within(card('Made Offline')).getByTestId('company-status').textContent).toBe('Awaiting Approval');
  });
});

describe('deleting and restoring a company', () => {
  it('enables Delete Company only for the exact name, then deletes; the card shows its removal date and Restore', async () => {
    const company = ownedCompany('a', { name: 'Aurora Catering', status: CompanyStatus.Active });
    let deletedAt = '';
    const backend = queueBackend({
      'GET /company/by-user': () => [company],
      'DELETE /company/a': () => {
        deletedAt = new Date().toISOString();
        return { ...company, status: CompanyStatus.Deleted, deletedAt, version: 2 };
      },
      'POST /company/a/restore': () => ({ ...company, status: CompanyStatus.Active, deletedAt: null, version: 3 }),
    });
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Aurora Catering' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Aurora Catering' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Delete Company' })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Company' }) as HTMLButtonElement;
    const name = within(dialog).getByLabelText('Company name');
    for (const typed of ['', 'Aurora', 'aurora catering', 'Aurora Catering ', ' Aurora Catering']) {
      fireEvent.change(name, { target: { value: typed } });
      expect(confirm.disabled).toBe(true);
    }
    fireEvent.click(confirm);
    expect(backend.calls['DELETE /company/a']).toBeUndefined();
    fireEvent.change(name, { target: { value: 'Aurora Catering' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(backend.calls['DELETE /company/a']).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletedCard = card('Aurora Catering');
    await waitFor(() => expect(within(deletedCard).getByTestId('company-status').textContent).toBe('Deleted'));
    const removal = new Date(Date.parse(deletedAt) + 30 * 24 * 3600 * 1000);
    expect(within(deletedCard).getByTestId('company-removal').textContent)
      .toBe(`Will be removed on ${removal.toLocaleDateString('en', { dateStyle: 'long' })}`);
    expect(within(deletedCard).queryByRole('button', { name: 'Delete Aurora Catering' })).toBeNull();

    fireEvent.click(within(deletedCard).getByRole('button', { name: 'Restore Aurora Catering' }));
    await waitFor(() => expect(backend.calls['POST /company/a/restore']).toHaveLength(1));
    await waitFor(() => expect(within(card('Aurora Catering')).getByTestId('company-status').textContent).toBe('Active'));
    await waitFor(() => expect(snackbars.items.map((s) => s.message)).toContain('Company restored'));
    backend.stop();
  });

  it('a refused delete says Failed to delete company with the server\'s reason, and the company stays as it was', async () => {
    const company = ownedCompany('a', { name: 'Aurora Catering', status: CompanyStatus.Active });
    const backend = queueBackend({
      'GET /company/by-user': () => [company],
      'DELETE /company/a': () => {
        throw new ApiError(403, 'You do not have access to this company');
      },
    });
    renderAt(<CompaniesPage />, '/companies');
    await screen.findByRole('link', { name: 'Aurora Catering' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Aurora Catering' }));
    fireEvent.change(within(await screen.findByRole('dialog')).getByLabelText('Company name'), { target: { value: 'Aurora Catering' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Company' }));
    await waitFor(() => expect(snackbars.items.map((s) => s.message))
      .toContain('Failed to delete company. You do not have access to this company'));
    await waitFor(() => expect(within(card('Aurora Catering')).getByTestId('company-status').textContent).toBe('Active'));
    expect(await db.outbox.count()).toBe(0);
    backend.stop();
  });
});
