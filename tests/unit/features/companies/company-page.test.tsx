import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { CompanyStatus } from '../../../../src/domain/companies';
import CompanyPage from '../../../../src/features/companies/CompanyPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { makeUser } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { ownedCompany } from './fixtures';
import { goOffline, renderAt, storeCompany } from './helpers';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
  snackbars.items = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

/** Stands in for the listings feature's view, which the shell hands over. */
function FakeListingsView({ companyId }: { companyId: string }) {
  return <p data-testid="listings-view">{`Listings of ${companyId}`}</p>;
}

/** Stands in for the company-events feature's view, handed over the same way. */
function FakeEventsView({ companyId }: { companyId: string }) {
  return <p data-testid="events-view">{`Events of ${companyId}`}</p>;
}

/** Stands in for the subscriptions feature's view, handed over the same way. */
function FakeSubscriptionView({ companyId }: { companyId: string }) {
  return <p data-testid="subscription-view">{`Subscription of ${companyId}`}</p>;
}

const open = (query: string) => renderAt(<CompanyPage listingsView={FakeListingsView} eventsView={FakeEventsView} subscriptionView={FakeSubscriptionView} />, `/company?${query}`);
const tile = (id: string) => screen.getByTestId(`tile-${id}`);
const tooltipOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')!;

const GATED = [
  ['listings', 'Company must be active to manage listings'],
  ['subscription', 'Company must be active to manage subscriptions'],
  ['messages', 'Company must be active to view messages'],
  ['events', 'Company must be active to view events'],
] as const;

describe('the company hub', () => {
  it('while Awaiting Approval: the gated tiles are disabled with the spec\'s tooltips, on hover and focus', async () => {
    const company = ownedCompany('c1', { name: 'Fjord Events', status: CompanyStatus.AwaitingApproval });
    stubApi({ 'GET /company/c1': () => json(200, company) });
    open('companyId=c1');
    await screen.findByRole('heading', { name: 'Fjord Events' });
    expect(screen.getByTestId('company-status').textContent).toBe('Awaiting Approval');
    expect(screen.getByTestId('company-notice').textContent).toContain('An administrator reviews every new company');

    expect(tile('overview').getAttribute('href')).toBe('/company-overview?companyId=c1');
    expect(tile('details').getAttribute('href')).toBe('/company?companyId=c1&view=details');
    for (const [id, text] of GATED) {
      const element = tile(id);
      expect(element.getAttribute('aria-disabled'), id).toBe('true');
      expect(element.hasAttribute('href'), id).toBe(false);
      expect(element.tabIndex, id).toBe(0);
      const tip = tooltipOf(element);
      expect(tip.getAttribute('role')).toBe('tooltip');
      expect(tip.textContent).toBe(text);
      expect(tip.hidden).toBe(true);
      fireEvent.focus(element);
      expect(tip.hidden).toBe(false);
      fireEvent.keyDown(element, { key: 'Escape' });
      expect(tip.hidden).toBe(true);
      fireEvent.blur(element);
      fireEvent.mouseEnter(element.parentElement!);
      expect(tip.hidden).toBe(false);
      fireEvent.mouseLeave(element.parentElement!);
      expect(tip.hidden).toBe(true);
    }
  });

  it('when Active: every tile is a link to its place', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { name: 'Fjord Events', status: CompanyStatus.Active })) });
    open('companyId=c1');
    await screen.findByRole('heading', { name: 'Fjord Events' });
    expect(screen.queryByTestId('company-notice')).toBeNull();
    expect(tile('listings').getAttribute('href')).toBe('/company?companyId=c1&view=listings');
    expect(tile('subscription').getAttribute('href')).toBe('/company?companyId=c1&view=subscription');
    expect(tile('messages').getAttribute('href')).toBe('/messages?isCompany=true&companyId=c1');
    expect(tile('events').getAttribute('href')).toBe('/company?companyId=c1&view=events');
    for (const [id] of GATED) expect(tile(id).hasAttribute('aria-disabled'), id).toBe(false);
  });

  it('a Rejected company says what happens next', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { name: 'Fjord Events', status: CompanyStatus.Rejected })) });
    open('companyId=c1');
    const notice = await screen.findByTestId('company-notice');
    expect(notice.textContent).toContain('Update the company details and save them to send it for approval again');
    expect(screen.getByTestId('company-status').textContent).toBe('Rejected');
  });

  it('says Something went wrong and Failed to fetch company when it cannot be loaded', async () => {
    stubApi({ 'GET /company/c9': () => json(404, { message: 'Company not found' }) });
    open('companyId=c9');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Failed to fetch company');
    expect(alert.textContent).toContain('Company not found');
  });

  it('offline, shows the company stored on this device with a note', async () => {
    await storeCompany(ownedCompany('c1', { name: 'Fjord Events' }));
    goOffline();
    stubApi({});
    open('companyId=c1');
    await screen.findByRole('heading', { name: 'Fjord Events' });
    expect((await screen.findByTestId('company-stale')).textContent).toContain('You are offline');
  });
});

describe('the views of a company', () => {
  it('listings: the listings feature\'s view with the company id, and a Back link to the hub', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { name: 'Fjord Events', status: CompanyStatus.Active })) });
    open('companyId=c1&view=listings');
    expect((await screen.findByTestId('listings-view')).textContent).toBe('Listings of c1');
    expect(screen.getByTestId('back-to-company').getAttribute('href')).toBe('/company?companyId=c1');
  });

  it('listings of a company not yet Active: closed with the reason', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { status: CompanyStatus.AwaitingApproval })) });
    open('companyId=c1&view=listings');
    await screen.findByText('Company must be active to manage listings');
    expect(screen.queryByTestId('listings-view')).toBeNull();
  });

  it('subscription of an Active company: the subscription view handed over by the shell, for this company', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { status: CompanyStatus.Active })) });
    open('companyId=c1&view=subscription');
    expect((await screen.findByTestId('subscription-view')).textContent).toBe('Subscription of c1');
  });

  it('subscription of a company not yet Active: closed with the reason', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { status: CompanyStatus.AwaitingApproval })) });
    open('companyId=c1&view=subscription');
    await screen.findByText('Company must be active to manage subscriptions');
    expect(screen.queryByTestId('subscription-view')).toBeNull();
  });

  it('events of an Active company: the events view handed over by the shell, for this company', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { status: CompanyStatus.Active })) });
    open('companyId=c1&view=events');
    expect((await screen.findByTestId('events-view')).textContent).toBe('Events of c1');
  });

  it('details: the company form filled with the company', async () => {
    stubApi({ 'GET /company/c1': () => json(200, ownedCompany('c1', { name: 'Fjord Events', websiteUrl: 'https://fjord.example' })) });
    open('companyId=c1&view=details');
    await screen.findByTestId('company-form');
    expect((screen.getByLabelText('Name', { exact: false, selector: 'input' }) as HTMLInputElement).value).toBe('Fjord Events');
    expect((screen.getByLabelText('Website', { selector: 'input' }) as HTMLInputElement).value).toBe('https://fjord.example');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('without companyId: the create form; a create goes to the new company\'s hub', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubApi({});
    const { location } = open('');
    await screen.findByRole('heading', { name: 'Add Company' });
    await screen.findByTestId('company-form');
    fireEvent.change(screen.getByLabelText('Name', { exact: false, selector: 'input' }), { target: { value: 'Fjord Events' } });
    fireEvent.change(screen.getByLabelText('Short Description', { exact: false, selector: 'textarea' }), { target: { value: 'Weddings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    await screen.findByRole('heading', { name: 'Fjord Events' });
    const [created] = await db.ownCompanies.toArray();
    expect(created!.id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(location.history!.at(-1)).toBe(`/company?companyId=${created!.id}`));
    expect((await screen.findByTestId('company-sync')).dataset.state).toBe('pending');
  });
});
