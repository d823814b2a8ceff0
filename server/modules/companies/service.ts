import { and, asc, eq } from 'drizzle-orm';
import { CompanyStatus, type Company } from '../../../src/domain/companies';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { notFound } from '../../lib/errors';

const companyColumns = {
  id: companies.id, name: companies.name, shortDescription: companies.shortDescription, description: companies.description,
  logoImageUri: companies.logoImageUri, bannerImageUri: companies.bannerImageUri, websiteUrl: companies.websiteUrl,
  facebookUrl: companies.facebookUrl, instagramUrl: companies.instagramUrl, twitterUrl: companies.twitterUrl, youtubeUrl: companies.youtubeUrl,
  organizationNumber: companies.organizationNumber, phoneNumber: companies.phoneNumber, email: companies.email, status: companies.status,
};

async function publicCompanies(db: Db, id?: string): Promise<Company[]> {
  return db.select(companyColumns).from(companies)
    .where(and(eq(companies.status, CompanyStatus.Active), id ? eq(companies.id, id) : undefined)).orderBy(asc(companies.name), asc(companies.id));
}

/** Public company reads (spec 2 §7): approved companies only. */
export function companyService(db: Db) {
  return {
    list: () => publicCompanies(db),

    async get(id: string): Promise<Company> {
      const [company] = await publicCompanies(db, id);
      if (!company) throw notFound('Company not found');
      return company;
    },
  };
}
