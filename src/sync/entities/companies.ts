import { ApiError } from '../../api/http';
import { companiesApi, companyPath, companyRestorePath } from '../../api/companies';
import { db, type StoredOwnedCompany } from '../../db/database';
import { CompanyStatus, type Company, type CompanyInput, type OwnedCompany } from '../../domain/companies';
import { pendingEntityKeys } from '../pending';
import { sharedPulls } from '../shared-pull';
import { defineEntity, write, type WriteAnswer } from './define';

/** A company made on this device: its id is a UUID made here, so it is the same before and after the server has it. */
export type NewCompany = Omit<CompanyInput, 'id'> & { id: string };
/** New field values of an existing company (PUT /company/{id}). */
export interface CompanyUpdate {
  id: string;
  input: Omit<CompanyInput, 'id'>;
}
export interface CompanyRef {
  id: string;
}

/**
 * A row as this device keeps it: the server's company, plus the status it had when it was deleted
 * here, so a restore made offline can show it again at once (the server answers the real one).
 */
type CompanyRow = StoredOwnedCompany & { statusBeforeDelete?: number };

/** The owner's view has these; the public one (another user's company seen by nobody but an Admin) does not. */
export const isOwnedCompany = (company: Company | OwnedCompany): company is OwnedCompany => 'createdById' in company;

/** The nullable columns as the server keeps them: an empty field is "not given". */
function fieldsOf(input: Omit<CompanyInput, 'id'>) {
  const orNull = (value: string) => (value.trim() ? value.trim() : null);
  return {
    name: input.name.trim(),
    shortDescription: input.shortDescription.trim(),
    description: input.description,
    logoImageUri: input.logoImageUri,
    bannerImageUri: input.bannerImageUri,
    organizationNumber: orNull(input.organizationNumber),
    websiteUrl: orNull(input.websiteUrl),
    facebookUrl: orNull(input.facebookUrl),
    instagramUrl: orNull(input.instagramUrl),
    twitterUrl: orNull(input.twitterUrl),
    youtubeUrl: orNull(input.youtubeUrl),
    phoneNumber: orNull(input.phoneNumber),
    email: orNull(input.email),
  };
}

/** The server's company as a row of `userId`, keeping what this device knew of its status before a delete. */
function toRow(company: OwnedCompany, userId: string, previous: CompanyRow | undefined): CompanyRow {
  const row: CompanyRow = { ...company, userId, fetchedAt: Date.now() };
  if (company.status === CompanyStatus.Deleted && previous?.statusBeforeDelete !== undefined) {
    row.statusBeforeDelete = previous.statusBeforeDelete;
  }
  return row;
}

const readRow = (id: string) => db.ownCompanies.get(id) as Promise<CompanyRow | undefined>;

/**
 * The answer of a write over the local row. Only a company of this user is kept here: an Admin
 * editing someone else's company gets the answer on screen, not in their own list.
 */
async function storeAnswer(userId: string, answer: WriteAnswer): Promise<void> {
  const company = answer.body as OwnedCompany | undefined;
  if (!company || typeof company !== 'object' || !('id' in company)) return;
  const previous = await readRow(company.id);
  if (company.createdById !== userId && previous?.userId !== userId) return;
  await db.ownCompanies.put(toRow(company, userId, previous));
}

const settle = (_p: unknown, userId: string, answer: WriteAnswer) => storeAnswer(userId, answer);
/** Stored payloads outlive releases: a malformed one is described without a name rather than failing. */
const subject = async ({ id }: { id: string }) => (typeof id === 'string' ? (await readRow(id))?.name ?? null : null);

/**
 * GET /company/by-user replaces the user's rows, except rows with queued writes (a company made
 * offline, an edit not yet sent): those stay as this device has them. The listings entity's pull
 * needs the companies first: both ask at start-up, one request serves them.
 */
export const pullOwnCompanies: (userId: string) => Promise<StoredOwnedCompany[]> = sharedPulls(fetchOwnCompanies).joined;

async function fetchOwnCompanies(userId: string): Promise<StoredOwnedCompany[]> {
  const companies = await companiesApi.byUser();
  return db.transaction('rw', [db.ownCompanies, db.outbox], async () => {
    const held = await pendingEntityKeys('company', userId);
    const existing = (await db.ownCompanies.where('userId').equals(userId).toArray()) as CompanyRow[];
    const previous = new Map(existing.map((row) => [row.id, row]));
    const served = new Set(companies.map((c) => c.id));
    await db.ownCompanies.bulkDelete(existing.filter((row) => !served.has(row.id) && !held.has(row.id)).map((row) => row.id));
    await db.ownCompanies.bulkPut(companies.filter((c) => !held.has(c.id)).map((c) => toRow(c, userId, previous.get(c.id))));
    return db.ownCompanies.where('userId').equals(userId).toArray();
  });
}

/**
 * One company for its hub (GET /company/{id}). The user's own company is stored (unless a write of
 * it is queued); an Admin's view of another user's company is only returned. A company the server
 * does not have (404) is removed here unless it was made on this device and is still waiting to
 * be sent, and the 404 is passed on.
 */
export async function pullOwnCompany(userId: string, id: string): Promise<Company | OwnedCompany> {
  let company: Company | OwnedCompany;
  try {
    company = await companiesApi.get(id);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    const kept = await db.transaction('rw', [db.ownCompanies, db.outbox], async () => {
      if ((await pendingEntityKeys('company', userId)).has(id)) return db.ownCompanies.get(id);
      const row = await db.ownCompanies.get(id);
      if (row?.userId === userId) await db.ownCompanies.delete(id);
      return undefined;
    });
    if (kept) return kept;
    throw error;
  }
  if (!isOwnedCompany(company) || company.createdById !== userId) return company;
  const owned = company;
  return db.transaction('rw', [db.ownCompanies, db.outbox], async () => {
    if ((await pendingEntityKeys('company', userId)).has(id)) return (await db.ownCompanies.get(id)) ?? owned;
    const row = toRow(owned, userId, await readRow(id));
    await db.ownCompanies.put(row);
    return row;
  });
}

/**
 * After a create the server refused (and the user was told why): the company was never on the
 * server, so its local row goes unless another write of it is still queued.
 */
export async function forgetUnsentCompany(userId: string, id: string): Promise<void> {
  await db.transaction('rw', [db.ownCompanies, db.outbox], async () => {
    const row = await db.ownCompanies.get(id);
    if (row?.userId === userId && row.version === 0 && !(await pendingEntityKeys('company', userId)).has(id)) {
      await db.ownCompanies.delete(id);
    }
  });
}

/** The user's companies (`ownCompanies`), every status, keyed by company id; edits send If-Match. */
export const companies = defineEntity({
  name: 'company',
  table: 'ownCompanies',
  key: (p) => p.id,
  pull: pullOwnCompanies,
  clear: async (userId) => {
    await db.ownCompanies.where('userId').equals(userId).delete();
  },
  actionPrefix: 'company',
  writes: {
    /**
     * POST /company with the device-made id: the company is in the list at once (Awaiting
     * Approval, version 0 = not on the server yet) and lands once (the entry id is the Idempotency-Key).
     */
    create: write<NewCompany>({
      request: (p) => ({ method: 'POST', path: '/company', body: p }),
      async apply(p, userId) {
        const now = new Date().toISOString();
        const row: CompanyRow = {
          ...fieldsOf(p),
          id: p.id,
          status: CompanyStatus.AwaitingApproval,
          createdById: userId,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
          stripeCustomerId: null,
          activeSubscriptionId: null,
          activeProductId: null,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          subscriptionHistory: [],
          oneTimePurchaseHistory: [],
          listingTokens: 0,
          eventClickTokens_Subscription: 0,
          eventClickTokens_Extras: 0,
          version: 0,
          userId,
          fetchedAt: 0,
        };
        await db.ownCompanies.put(row);
      },
      settle,
      subject: async (p) => (typeof p.name === 'string' && p.name.trim()) || null,
    }),
    /** PUT /company/{id} with If-Match: a Rejected company goes back to Awaiting Approval (as on the server). */
    update: write<CompanyUpdate>({
      request: (p) => ({ method: 'PUT', path: companyPath(p.id), body: p.input }),
      // Version 0: made on this device and not sent yet; the create ahead of it in the queue makes it.
      baseVersion: async (p) => {
        const version = (await readRow(p.id))?.version ?? 0;
        return version > 0 ? version : null;
      },
      serverVersion: async (p) => {
        const company = await companiesApi.get(p.id);
        return isOwnedCompany(company) ? company.version : null;
      },
      async apply(p) {
        const row = await readRow(p.id);
        if (!row) return;
        await db.ownCompanies.put({
          ...row,
          ...fieldsOf(p.input),
          status: row.status === CompanyStatus.Rejected ? CompanyStatus.AwaitingApproval : row.status,
          updatedAt: new Date().toISOString(),
        });
      },
      settle,
      subject,
    }),
    /** DELETE /company/{id}: Deleted at once, restorable for COMPANY_RETENTION_DAYS. */
    remove: write<CompanyRef>({
      request: (p) => ({ method: 'DELETE', path: companyPath(p.id) }),
      async apply({ id }) {
        const row = await readRow(id);
        if (!row || row.status === CompanyStatus.Deleted) return;
        const deleted: CompanyRow = { ...row, statusBeforeDelete: row.status, status: CompanyStatus.Deleted, deletedAt: new Date().toISOString() };
        await db.ownCompanies.put(deleted);
      },
      settle,
      subject,
    }),
    /**
     * POST /company/{id}/restore: back to the status it had, when this device knows it; otherwise
     * the row stays Deleted (shown as waiting to sync) until the server answers with it.
     */
    restore: write<CompanyRef>({
      request: (p) => ({ method: 'POST', path: companyRestorePath(p.id) }),
      async apply({ id }) {
        const row = await readRow(id);
        if (!row || row.status !== CompanyStatus.Deleted || row.statusBeforeDelete === undefined) return;
        const { statusBeforeDelete, ...rest } = row;
        await db.ownCompanies.put({ ...rest, status: statusBeforeDelete, deletedAt: null });
      },
      settle,
      subject,
    }),
  },
});

export const createCompany = companies.writes.create;
export const updateCompany = companies.writes.update;
export const removeCompany = companies.writes.remove;
export const restoreCompany = companies.writes.restore;
