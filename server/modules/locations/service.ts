import { and, arrayContains, arrayOverlaps, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { LocationMessages, normaliseCountyNames, type Region, type RegionCountry } from '../../../src/domain/locations';
import type { Db } from '../../db/client';
import { counties, listings, regions } from '../../db/schema';
import { updateMissed, type InTransaction } from '../../lib/admin-crud';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, conflict, notFound } from '../../lib/errors';
import type { RegionBody } from './schemas';

const collators: Record<RegionCountry, Intl.Collator> = {
  NO: new Intl.Collator('nb', { sensitivity: 'base', numeric: true }),
  SE: new Intl.Collator('sv', { sensitivity: 'base', numeric: true }),
};
const COUNTRY_ORDER: Record<RegionCountry, number> = { NO: 0, SE: 1 };

type RegionRow = typeof regions.$inferSelect;
/** What a write tells its `then` (the audit entry names the region). */
export interface RegionRef { id: string; name: string }
type CountyRow = typeof counties.$inferSelect;

function present(region: RegionRow, own: CountyRow[]): Region {
  const collator = collators[region.country];
  return {
    id: region.id,
    name: region.name,
    country: region.country,
    counties: own.map((c) => ({ id: c.id, name: c.name })).sort((a, b) => collator.compare(a.name, b.name) || a.name.localeCompare(b.name)),
    version: region.version,
  };
}

/** All regions with their counties, by country then name (each country's own alphabet). */
async function listRegions(db: Db): Promise<Region[]> {
  const [regionRows, countyRows] = await Promise.all([db.select().from(regions), db.select().from(counties).orderBy(asc(counties.regionId))]);
  const byRegion = new Map<string, CountyRow[]>();
  for (const c of countyRows) {
    const list = byRegion.get(c.regionId);
    if (list) list.push(c);
    else byRegion.set(c.regionId, [c]);
  }
  return regionRows
    .sort((a, b) => COUNTRY_ORDER[a.country] - COUNTRY_ORDER[b.country] || collators[a.country].compare(a.name, b.name))
    .map((r) => present(r, byRegion.get(r.id) ?? []));
}

/** How many listings are tagged with any of these counties (listings hold the ids without a foreign key). */
async function listingsWithCounties(db: Pick<Db, 'select'>, countyIds: string[]): Promise<number> {
  if (countyIds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(listings).where(arrayOverlaps(listings.countyIds, countyIds));
  return row?.n ?? 0;
}

const regionExists = () => new HttpError(409, LocationMessages.RegionExists, [{ field: 'name', message: LocationMessages.RegionExists }]);

/** Regions (fylker and län) with their counties (kommuner); reads are public, writes are the Admin's. */
export function locationService(db: Db, clock: () => Date) {
  async function loadRegion(id: string): Promise<Region> {
    const [region] = await db.select().from(regions).where(eq(regions.id, id)).limit(1);
    if (!region) throw notFound('Region not found');
    return present(region, await db.select().from(counties).where(eq(counties.regionId, id)));
  }

  async function assertNameFree(name: string, exceptId?: string) {
    const [taken] = await db.select({ id: regions.id }).from(regions)
      .where(and(sql`lower(${regions.name}) = lower(${name})`, exceptId ? ne(regions.id, exceptId) : undefined)).limit(1);
    if (taken) throw regionExists();
  }

  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw regionExists();
      throw error;
    }
  }

  return {
    list: () => listRegions(db),

    get: loadRegion,

    /** `then` runs in the write's transaction (the audit entry), as in every write below. */
    async create(body: RegionBody, then?: InTransaction<RegionRef>): Promise<Region> {
      await assertNameFree(body.name);
      const names = normaliseCountyNames(body.counties ?? []);
      const id = await guardUnique(() => db.transaction(async (tx) => {
        const [region] = await tx.insert(regions).values({ name: body.name, country: body.country ?? 'NO' }).returning({ id: regions.id, name: regions.name });
        if (names.length > 0) await tx.insert(counties).values(names.map((name) => ({ regionId: region!.id, name })));
        await then?.(tx, region!);
        return region!.id;
      }));
      return loadRegion(id);
    },

    /** `expected` is the If-Match version or null. The county list, when sent, replaces the stored one. */
    async update(id: string, expected: number | null, body: RegionBody, then?: InTransaction<RegionRef>): Promise<Region> {
      await assertNameFree(body.name, id);
      const names = body.counties === undefined ? null : normaliseCountyNames(body.counties);
      const now = clock();
      const updated = await guardUnique(() => db.transaction(async (tx) => {
        const [region] = await tx.update(regions).set({
          name: body.name, country: body.country, version: sql`${regions.version} + 1`, updatedAt: now,
        }).where(and(eq(regions.id, id), expected === null ? undefined : eq(regions.version, expected))).returning({ id: regions.id, name: regions.name });
        if (!region) return false;
        if (names === null) {
          await then?.(tx, region);
          return true;
        }
        // Replace the list, keeping the ids of counties whose names stay (compared case-insensitively).
        const existing = await tx.select().from(counties).where(eq(counties.regionId, id));
        const byKey = new Map(existing.map((c) => [c.name.toLocaleLowerCase('nb'), c]));
        const kept = new Set<string>();
        const renamed: { id: string; name: string }[] = [];
        const added: string[] = [];
        for (const name of names) {
          const match = byKey.get(name.toLocaleLowerCase('nb'));
          if (match && !kept.has(match.id)) {
            kept.add(match.id);
            if (match.name !== name) renamed.push({ id: match.id, name });
          } else {
            added.push(name);
          }
        }
        const removed = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
        // Throwing here rolls the whole update back, the region's name included.
        if (await listingsWithCounties(tx, removed) > 0) {
          throw new HttpError(409, LocationMessages.CountyInUse, [{ field: 'counties', message: LocationMessages.CountyInUse }]);
        }
        if (removed.length > 0) await tx.delete(counties).where(inArray(counties.id, removed));
        for (const r of renamed) {
          await tx.update(counties).set({ name: r.name, version: sql`${counties.version} + 1`, updatedAt: now }).where(eq(counties.id, r.id));
        }
        if (added.length > 0) await tx.insert(counties).values(added.map((name) => ({ regionId: id, name })));
        await then?.(tx, region);
        return true;
      }));
      if (!updated) {
        const [found] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
        return updateMissed(!!found, 'Region');
      }
      return loadRegion(id);
    },

    /** Refused (409) while a listing is tagged with the region or one of its counties. */
    async remove(id: string, then?: InTransaction<RegionRef>): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        const own = await tx.select({ id: counties.id }).from(counties).where(eq(counties.regionId, id));
        const [used] = await tx.select({ n: count() }).from(listings).where(or(
          arrayContains(listings.regionIds, [id]),
          own.length > 0 ? arrayOverlaps(listings.countyIds, own.map((c) => c.id)) : undefined,
        ));
        if ((used?.n ?? 0) > 0) throw conflict(LocationMessages.RegionInUse);
        const [row] = await tx.delete(regions).where(eq(regions.id, id)).returning({ id: regions.id, name: regions.name });
        if (row) await then?.(tx, row);
        return !!row;
      });
      if (!deleted) throw notFound('Region not found');
    },
  };
}
