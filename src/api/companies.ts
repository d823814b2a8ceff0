import type { Company, CompanyInput, OwnedCompany } from '../domain/companies';
import { api } from './http';

/** The address of one company (PUT, DELETE and GET /company/{id}). */
export const companyPath = (id: string) => `/company/${encodeURIComponent(id)}`;
/** Where a deleted company is brought back (within the retention days). */
export const companyRestorePath = (id: string) => `${companyPath(id)}/restore`;

/** The company calls of the contract (spec 2 §7); writes from screens go through the outbox (sync/entities/companies). */
export const companiesApi = {
  /** Every company, every status, newest first (Admin only). */
  all: () => api.get<OwnedCompany[]>('/company'),
  /** The caller's companies, every status (Deleted ones still restorable), ordered by name. */
  byUser: () => api.get<OwnedCompany[]>('/company/by-user'),
  /** Public when Active; the owner or an Admin gets every field and any status. */
  get: (id: string) => api.get<Company | OwnedCompany>(companyPath(id)),
  /** Creates a company (AwaitingApproval); `input.id` lets a device-made id stay. */
  create: (input: CompanyInput) => api.post<OwnedCompany>('/company', input),
  /** Replaces the fields; `version` is sent as If-Match (412 when someone changed it meanwhile). */
  update: (id: string, input: CompanyInput, version?: number | null) =>
    api.put<OwnedCompany>(companyPath(id), input, version != null ? { headers: { 'if-match': `"${version}"` } } : {}),
  /** Marks it Deleted (restorable for COMPANY_RETENTION_DAYS). */
  remove: (id: string) => api.delete<OwnedCompany>(companyPath(id)),
  restore: (id: string) => api.post<OwnedCompany>(companyRestorePath(id)),
};
