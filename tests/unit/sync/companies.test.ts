import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type StoredOwnedCompany } from '../../../src/db/database';
import { ownCompaniesQuery } from '../../../src/db/own-companies';
import { CompanyStatus } from '../../../src/domain/companies';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/domain/sync';
import {
  createCompany, pullOwnCompanies, pullOwnCompany, removeCompany, restoreCompany, updateCompany,
} from '../../../src/sync/entities/companies';
import { queueLocalFile } from '../../../src/sync/entities/files';
import { queueWrite, userEntries } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replay';
import { companyInput, ownedCompany } from '../features/companies/fixtures';
import { calls, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const replayer = () => createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
const row = (company: ReturnType<typeof ownedCompany>, userId = 'u1'): StoredOwnedCompany => ({ ...company, userId, fetchedAt: 1 });
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('company writes applied on this device', () => {
  it('a new company is stored at once as Awaiting Approval, not yet on the server, and queued with its own id', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const entry = await queueWrite(createCompany, { id: 'c-new', ...companyInput({ facebookUrl: '  ' }) }, 'u1');
    expect(await db.ownCompanies.get('c-new')).toMatchObject({
      id: 'c-new', name: 'Fjord Events', status: CompanyStatus.AwaitingApproval, version: 0, userId: 'u1', createdById: 'u1',
      organizationNumber: '123456789', facebookUrl: null, deletedAt: null,
    });
    expect(entry).toMatchObject({ kind: 'company.create', method: 'POST', path: '/company', entity: 'company', entityId: 'c-new', baseVersion: null });
    expect(entry.body).toMatchObject({ id: 'c-new', name: 'Fjord Events' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an edit sends If-Match with the stored version; a Rejected company goes back to Awaiting Approval', async () => {
    await db.ownCompanies.put(row(ownedCompany('c1', { status: CompanyStatus.Rejected, version: 3 })));
    const entry = await queueWrite(updateCompany, { id: 'c1', input: companyInput({ name: 'Renamed' }) }, 'u1');
    expect(entry).toMatchObject({ method: 'PUT', path: '/company/c1', baseVersion: 3 });
    expect(entry.body).not.toHaveProperty('id');
    expect(await db.ownCompanies.get('c1')).toMatchObject({ name: 'Renamed', status: CompanyStatus.AwaitingApproval });
  });

  it('delete marks it Deleted with the time; restore brings back the status it had', async () => {
    await db.ownCompanies.put(row(ownedCompany('c1', { status: CompanyStatus.Active })));
    await queueWrite(removeCompany, { id: 'c1' }, 'u1');
    const deleted = await db.ownCompanies.get('c1');
    expect(deleted?.status).toBe(CompanyStatus.Deleted);
    expect(Date.parse(deleted!.deletedAt!)).toBeGreaterThan(Date.now() - 5000);
    await queueWrite(restoreCompany, { id: 'c1' }, 'u1');
    expect(await db.ownCompanies.get('c1')).toMatchObject({ status: CompanyStatus.Active, deletedAt: null });
    expect((await userEntries('u1')).map((e) => `${e.method} ${e.path}`)).toEqual(['DELETE /company/c1', 'POST /company/c1/restore']);
  });

  it('a restore of a company deleted elsewhere waits for the server to say which status it gets back', async () => {
    await db.ownCompanies.put(row(ownedCompany('c1', { status: CompanyStatus.Deleted, deletedAt: '2026-01-02T00:00:00.000Z' })));
    await queueWrite(restoreCompany, { id: 'c1' }, 'u1');
    expect((await db.ownCompanies.get('c1'))?.status).toBe(CompanyStatus.Deleted);
  });
});

describe('pulling the user\'s companies', () => {
  it('replaces the user\'s rows with the server\'s, holding back rows with queued writes and leaving other users\' rows', async () => {
    await db.ownCompanies.bulkPut([
      row(ownedCompany('gone')),
      row(ownedCompany('edited', { name: 'Server name' })),
      row(ownedCompany('theirs', { createdById: 'u2' }), 'u2'),
    ]);
    // Queued while the server could not be reached: they wait in the outbox.
    await queueWrite(createCompany, { id: 'offline-made', ...companyInput({ name: 'Made offline' }) }, 'u1');
    await queueWrite(updateCompany, { id: 'edited', input: companyInput({ name: 'My edit' }) }, 'u1');
    stubApi({ 'GET /company/by-user': () => json(200, [ownedCompany('edited', { name: 'Newer server name', version: 2 }), ownedCompany('fresh')]) });

    await pullOwnCompanies('u1');
    const mine = await ownCompaniesQuery('u1');
    expect(mine.map((c) => [c.id, c.name])).toEqual([
      ['fresh', 'Company fresh'],
      ['offline-made', 'Made offline'],
      ['edited', 'My edit'],
    ].sort((a, b) => a[1]!.localeCompare(b[1]!)));
    expect(await db.ownCompanies.get('theirs')).toBeTruthy();
    expect(await db.ownCompanies.get('gone')).toBeUndefined();
  });

  it('keeps what this device knew of the status before a delete when the server says Deleted', async () => {
    await db.ownCompanies.put(row(ownedCompany('c1', { status: CompanyStatus.Active })));
    await queueWrite(removeCompany, { id: 'c1' }, 'u1');
    const deletedAt = '2026-02-01T00:00:00.000Z';
    stubApi({ 'DELETE /company/c1': () => json(200, ownedCompany('c1', { status: CompanyStatus.Deleted, deletedAt, version: 2 })) });
    await replayer().run();
    stubApi({ 'GET /company/by-user': () => json(200, [ownedCompany('c1', { status: CompanyStatus.Deleted, deletedAt, version: 2 })]) });
    await pullOwnCompanies('u1');
    expect(await db.ownCompanies.get('c1')).toMatchObject({ status: CompanyStatus.Deleted, deletedAt });
    // Offline, the restore shows the company Active again at once.
    await queueWrite(restoreCompany, { id: 'c1' }, 'u1');
    expect((await db.ownCompanies.get('c1'))?.status).toBe(CompanyStatus.Active);
  });

  it('one company: stores the user\'s own, only returns an Admin\'s view of another\'s, and a 404 removes it unless it waits to be sent', async () => {
    stubApi({
      'GET /company/mine': () => json(200, ownedCompany('mine', { version: 4 })),
      'GET /company/other': () => json(200, ownedCompany('other', { createdById: 'u2' })),
      'GET /company/gone': () => json(404, { message: 'Company not found' }),
      'GET /company/waiting': () => json(404, { message: 'Company not found' }),
    });
    expect(await pullOwnCompany('u1', 'mine')).toMatchObject({ id: 'mine', version: 4 });
    expect(await db.ownCompanies.get('mine')).toMatchObject({ userId: 'u1', version: 4 });
    expect(await pullOwnCompany('u1', 'other')).toMatchObject({ id: 'other' });
    expect(await db.ownCompanies.get('other')).toBeUndefined();

    await db.ownCompanies.put(row(ownedCompany('gone')));
    await expect(pullOwnCompany('u1', 'gone')).rejects.toMatchObject({ status: 404 });
    expect(await db.ownCompanies.get('gone')).toBeUndefined();

    offline();
    await queueWrite(createCompany, { id: 'waiting', ...companyInput() }, 'u1');
    vi.restoreAllMocks();
    expect(await pullOwnCompany('u1', 'waiting')).toMatchObject({ id: 'waiting', version: 0 });
  });
});

describe('replaying company writes', () => {
  it('a company created offline is sent once when back online, with its device-made id and the entry id as Idempotency-Key', async () => {
    const goOffline = offline();
    const answer = ownedCompany('c-dev', { name: 'Fjord Events', status: CompanyStatus.AwaitingApproval, version: 1 });
    const fetchMock = stubApi({ 'POST /company': () => json(201, answer, { etag: '"1"' }) });
    const entry = await queueWrite(createCompany, { id: 'c-dev', ...companyInput() }, 'u1');
    const sender = replayer();
    await sender.run();
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await userEntries('u1'))[0]).toMatchObject({ state: 'pending' });

    goOffline.mockReturnValue(true);
    await sender.run();
    await sender.run();
    sender.stop();
    const posts = calls(fetchMock, '/company');
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect(headersOf(init)[IDEMPOTENCY_KEY_HEADER]).toBe(entry.id);
    expect(JSON.parse(init?.body as string)).toMatchObject({ id: 'c-dev', name: 'Fjord Events' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.ownCompanies.get('c-dev')).toMatchObject({ version: 1, userId: 'u1', status: CompanyStatus.AwaitingApproval });
  });

  it('an edit queued behind an offline create goes without If-Match, then settles the server\'s answer', async () => {
    offline();
    await queueWrite(createCompany, { id: 'c-dev', ...companyInput() }, 'u1');
    await queueWrite(updateCompany, { id: 'c-dev', input: companyInput({ name: 'Second thoughts' }) }, 'u1');
    expect((await userEntries('u1')).map((e) => e.baseVersion)).toEqual([null, null]);
    expect((await db.ownCompanies.get('c-dev'))?.name).toBe('Second thoughts');
    vi.restoreAllMocks();
    const fetchMock = stubApi({
      'POST /company': () => json(201, ownedCompany('c-dev', { name: 'Fjord Events', version: 1 }), { etag: '"1"' }),
      'PUT /company/c-dev': () => json(200, ownedCompany('c-dev', { name: 'Second thoughts', version: 2 }), { etag: '"2"' }),
    });
    await replayer().run();
    const put = calls(fetchMock, '/company/c-dev')[0]!;
    expect(headersOf(put[1])).not.toHaveProperty('if-match');
    expect(await db.ownCompanies.get('c-dev')).toMatchObject({ name: 'Second thoughts', version: 2 });
  });

  it('a stale edit (412) becomes a conflict and holds the row back from pulls', async () => {
    await db.ownCompanies.put(row(ownedCompany('c1', { version: 1 })));
    stubApi({
      'PUT /company/c1': () => json(412, { message: 'The company was changed by someone else. Reload it and try again.' }),
      'GET /company/by-user': () => json(200, [ownedCompany('c1', { name: 'Theirs', version: 2 })]),
    });
    await queueWrite(updateCompany, { id: 'c1', input: companyInput({ name: 'Mine' }) }, 'u1');
    await replayer().run();
    expect((await userEntries('u1'))[0]).toMatchObject({ state: 'conflict' });
    await pullOwnCompanies('u1');
    expect((await db.ownCompanies.get('c1'))?.name).toBe('Mine');
  });
});

describe('a logo chosen offline', () => {
  it('is uploaded under its device-made id before the company write that names it', async () => {
    const off = offline();
    const order: string[] = [];
    const fetchMock = stubApi({
      'POST /company': (init) => {
        const body = JSON.parse(String(init.body)) as { logoImageUri: string };
        order.push(`POST /company ${body.logoImageUri}`);
        return json(201, ownedCompany('c-new', { logoImageUri: body.logoImageUri, version: 1 }));
      },
    });
    const logo = await queueLocalFile(new Blob(['webp'], { type: 'image/webp' }), 'logo.webp', 'u1');
    await queueWrite(createCompany, { id: 'c-new', ...companyInput({ logoImageUri: logo }) }, 'u1');
    const routes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init: RequestInit = {}) => {
      if (new URL(input, 'http://localhost').pathname === `/api/files/${logo}`) {
        order.push(`${init.method} /files/${logo}`);
        return json(201, { id: logo });
      }
      return routes(input, init);
    });
    off.mockReturnValue(true);
    await replayer().run();
    expect(order).toEqual([`PUT /files/${logo}`, `POST /company ${logo}`]);
    expect(await db.localFiles.get(logo)).toBeUndefined();
    expect(await db.ownCompanies.get('c-new')).toMatchObject({ logoImageUri: logo, version: 1 });
  });
});
