import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { db } from '../../../../src/db/database';
import { readFormDraft } from '../../../../src/db/form-drafts';
import { CompanyStatus } from '../../../../src/domain/companies';
import { CompanyForm } from '../../../../src/features/companies/CompanyForm';
import { EMPTY_COMPANY_VALUES, valuesFromCompany } from '../../../../src/features/companies/companyFormValues';
import { DRAFT_DEBOUNCE_MS } from '../../../../src/features/companies/useCompanyDraft';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { userEntries } from '../../../../src/sync/outbox';
import { createReplayer } from '../../../../src/sync/replay';
import { makeUser, queueBackend } from '../profile/helpers';
import { ownedCompany } from './fixtures';
import { goOffline, renderAt, storeCompany } from './helpers';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
  snackbars.items = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

const messages = () => snackbars.items.map((s) => s.message);
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
};

function renderCreate(onCreated = vi.fn()) {
  const view = renderAt(<CompanyForm mode="create" companyId="dev-id-1" userId="u1" initial={EMPTY_COMPANY_VALUES} cancelHref="/companies" onCreated={onCreated} />, '/company');
  return { ...view, onCreated };
}

async function fillValid() {
  await screen.findByTestId('company-form');
  type('Name', 'Fjord Events');
  type('Short Description', 'Weddings by the fjord');
  type('Organization Number', '923456789');
  type('Website', 'https://fjord.example');
}

describe('company form rules (spec 2 §5)', () => {
  it('checks a field when it is left, announces the message with the field, and clears it when the field changes', async () => {
    renderCreate();
    await screen.findByTestId('company-form');
    fireEvent.blur(field('Name'));
    expect(errorOf('Name')).toBe('Name is required');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    // Fields not visited yet say nothing.
    expect(errorOf('Short Description')).toBeNull();
    type('Name', 'F');
    expect(errorOf('Name')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();

    const cases: [string, string, string][] = [
      ['Organization Number', '92-34', 'Organization number must contain digits only'],
      ['Phone Number', '+47 (22) 12-34 56 x', 'Phone number may contain only digits, +, -, spaces and parentheses'],
      ['Email', 'post@', 'Please enter a valid email address'],
      ['Website', 'fjord.example', 'WEBSITE is not a valid URL'],
      ['Facebook', 'ftp://facebook.com/x', 'FACEBOOK is not a valid URL'],
      ['Instagram', 'javascript:alert(1)', 'INSTAGRAM is not a valid URL'],
      ['Twitter', 'twitter', 'TWITTER is not a valid URL'],
      ['YouTube', 'www.youtube.com', 'YOUTUBE is not a valid URL'],
    ];
    for (const [label, value, message] of cases) {
      type(label, value);
      fireEvent.blur(field(label));
      expect(errorOf(label), label).toBe(message);
    }
    // Allowed forms stay quiet.
    type('Phone Number', '+47 (22) 12-34 56');
    fireEvent.blur(field('Phone Number'));
    expect(errorOf('Phone Number')).toBeNull();
  });

  it('blocks saving while any error shows, focusing the first invalid field, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCreate();
    await screen.findByTestId('company-form');
    type('Website', 'nope');
    fireEvent.click(screen.getByTestId('company-save'));
    expect(errorOf('Name')).toBe('Name is required');
    expect(errorOf('Short Description')).toBe('Short Description is required');
    expect(errorOf('Website')).toBe('WEBSITE is not a valid URL');
    expect(screen.getByTestId('company-save').getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('saving a company', () => {
  it('creates it with the device-made id, says Company created successfully! and goes on', async () => {
    const backend = queueBackend({
      'POST /company': (body) => ownedCompany('dev-id-1', { ...(body as object), status: CompanyStatus.AwaitingApproval, version: 1 }),
    });
    const { onCreated } = renderCreate();
    await fillValid();
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('dev-id-1'));
    expect(backend.calls['POST /company']).toEqual([{
      id: 'dev-id-1', name: 'Fjord Events', shortDescription: 'Weddings by the fjord', description: '', logoImageUri: null, bannerImageUri: null,
      organizationNumber: '923456789', websiteUrl: 'https://fjord.example', facebookUrl: '', instagramUrl: '', twitterUrl: '', youtubeUrl: '',
      phoneNumber: '', email: '',
    }]);
    expect(messages()).toContain('Company created successfully!');
    expect(await db.ownCompanies.get('dev-id-1')).toMatchObject({ version: 1, name: 'Fjord Events' });
    backend.stop();
  });

  it('offline, keeps it on this device, says so, and the replay later sends it once', async () => {
    const offline = goOffline();
    const backend = queueBackend({
      'POST /company': (body) => ownedCompany('dev-id-1', { ...(body as object), status: CompanyStatus.AwaitingApproval, version: 1 }),
    });
    const { onCreated } = renderCreate();
    await fillValid();
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('dev-id-1'));
    expect(messages()).toContain('Saved on this device. It will be sent when you are back online.');
    expect(await db.ownCompanies.get('dev-id-1')).toMatchObject({ status: CompanyStatus.AwaitingApproval, version: 0 });
    expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['company.create']);
    expect(backend.calls['POST /company']).toBeUndefined();
    // The draft went with the save: nothing to restore next time.
    expect(await readFormDraft('u1', 'company:new')).toBeUndefined();

    offline.mockReturnValue(true);
    const replayer = createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
    await replayer.run();
    await replayer.run();
    expect(backend.calls['POST /company']).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    backend.stop();
  });

  it('shows the server\'s field errors on their fields and its message, and takes the refused create back', async () => {
    const backend = queueBackend({
      'POST /company': () => {
        throw new ApiError(400, 'Validation failed', [{ field: 'email', message: 'Please enter a valid email address' }]);
      },
      'GET /company/by-user': () => [],
    });
    renderCreate();
    await fillValid();
    type('Email', 'post@fjord.example');
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(errorOf('Email')).toBe('Please enter a valid email address'));
    expect(messages()).toContain('Validation failed');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    await waitFor(async () => expect(await db.ownCompanies.get('dev-id-1')).toBeUndefined());
    expect(await db.outbox.count()).toBe(0);
    // Saving stays blocked until the field changes.
    fireEvent.click(screen.getByTestId('company-save'));
    expect(backend.calls['POST /company']).toHaveLength(1);
    type('Email', 'hei@fjord.example');
    expect(errorOf('Email')).toBeNull();
    backend.stop();
  });

  it('without a message from the server says Failed to save company', async () => {
    const backend = queueBackend({
      'POST /company': () => {
        throw new ApiError(422, '');
      },
      'GET /company/by-user': () => [],
    });
    // An answer with neither a message nor a status text.
    const fetchMock = globalThis.fetch as Mock<(input: string, init?: RequestInit) => Promise<Response>>;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init: RequestInit = {}) => {
      if (init.method === 'POST') return new Response('{}', { status: 422, statusText: '', headers: { 'content-type': 'application/json' } });
      return real(input, init);
    });
    renderCreate();
    await fillValid();
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(messages()).toContain('Failed to save company'));
    backend.stop();
  });

  it('updates an existing company with If-Match and says Company updated successfully!', async () => {
    const company = ownedCompany('c1', { name: 'Fjord Events', version: 4 });
    await storeCompany(company);
    let ifMatch: string | null = null;
    const backend = queueBackend({ 'PUT /company/c1': (body) => ({ ...company, ...(body as object), version: 5 }) });
    const fetchMock = globalThis.fetch as Mock<(input: string, init?: RequestInit) => Promise<Response>>;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init: RequestInit = {}) => {
      ifMatch = (init.headers as Record<string, string>)['if-match'] ?? null;
      return real(input, init);
    });
    renderAt(<CompanyForm mode="update" companyId="c1" userId="u1" initial={valuesFromCompany(company)} cancelHref="/company?companyId=c1" />);
    await screen.findByTestId('company-form');
    expect(field('Name').value).toBe('Fjord Events');
    type('Name', 'Fjord Events AS');
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(messages()).toContain('Company updated successfully!'));
    expect(ifMatch).toBe('"4"');
    expect(await db.ownCompanies.get('c1')).toMatchObject({ name: 'Fjord Events AS', version: 5 });
    backend.stop();
  });
});

describe('drafts kept while typing', () => {
  it('stores the values after a short pause and restores them when the form opens again; Discard goes back', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const first = renderCreate();
    await screen.findByTestId('company-form');
    type('Name', 'Half typed');
    type('Short Description', 'Not yet sent');
    await new Promise((r) => setTimeout(r, DRAFT_DEBOUNCE_MS + 100));
    expect(await readFormDraft('u1', 'company:new')).toMatchObject({ name: 'Half typed', shortDescription: 'Not yet sent' });
    first.unmount();

    renderCreate();
    await screen.findByTestId('company-draft-restored');
    expect(screen.getByText('Restored your unsaved changes')).toBeTruthy();
    expect(field('Name').value).toBe('Half typed');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field('Name').value).toBe('');
    expect(screen.queryByTestId('company-draft-restored')).toBeNull();
    await waitFor(async () => expect(await readFormDraft('u1', 'company:new')).toBeUndefined());
  });

  it('keeps the last keystrokes when the form closes within the pause, per company', async () => {
    const company = ownedCompany('c1', { name: 'Fjord Events' });
    const view = renderAt(<CompanyForm mode="update" companyId="c1" userId="u1" initial={valuesFromCompany(company)} cancelHref="/" />);
    await screen.findByTestId('company-form');
    type('Name', 'Quick edit');
    view.unmount();
    await waitFor(async () => expect(await readFormDraft('u1', 'company:c1')).toMatchObject({ name: 'Quick edit' }));
    expect(await readFormDraft('u1', 'company:new')).toBeUndefined();
    await act(async () => undefined);
  });
});
