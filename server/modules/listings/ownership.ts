import { eq } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';

/** Who asks: the signed-in user and their roles, or null for an anonymous reader. */
export interface Caller {
  userId: string;
  roles: string[];
}

export interface CompanyAccess {
  id: string;
  status: number;
  createdById: string | null;
}

/**
 * Only the company's creator or an Admin manages its listings (issue 11). Read straight from the
 * companies table: the companies module owns the company writes, this only needs who owns one.
 */
export function canManage(company: CompanyAccess, caller: Caller | null): boolean {
  if (!caller) return false;
  return company.createdById === caller.userId || caller.roles.includes(ADMIN_ROLE);
}

export async function findCompany(db: Db, id: string): Promise<CompanyAccess | null> {
  const [row] = await db.select({ id: companies.id, status: companies.status, createdById: companies.createdById })
    .from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/** The company when the caller may manage its listings; 404 for an unknown one, 403 for someone else's. */
export async function managedCompany(db: Db, id: string, caller: Caller): Promise<CompanyAccess> {
  const company = await findCompany(db, id);
  if (!company) throw notFound('Company not found');
  if (!canManage(company, caller)) throw forbidden('You do not have access to this company');
  return company;
}
