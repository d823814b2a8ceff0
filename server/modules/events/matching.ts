import { and, desc, eq, sql } from 'drizzle-orm';
import { EventStatus, type PlannerEvent } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import { counties, listings, plannerEvents } from '../../db/schema';
import { isNotDeleted } from '../listings/queries';
import { isPublic } from '../listings/service';
import { presentEvent } from './service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A listing serves what the event asks for: its category, its sub-category or one of its services is selected. */
const servesSelection = sql`(
  ${listings.categoryId} = any(${plannerEvents.categoryIds})
  or ${listings.subCategoryId} = any(${plannerEvents.subCategoryIds})
  or ${listings.categoryServiceIds} && ${plannerEvents.serviceIds}
  or ${listings.subCategoryServiceIds} && ${plannerEvents.serviceIds})`;

/**
 * A listing is where the event is: the same region or county, a county of a region the event
 * selects, or a region one of the event's counties lies in. Expanded here, not at save time, so
 * counties an Admin adds to a region later count too.
 */
const sharesPlace = sql`(
  ${listings.regionIds} && ${plannerEvents.regionIds}
  or ${listings.countyIds} && ${plannerEvents.countyIds}
  or ${listings.countyIds} && array(select ${counties.id} from ${counties} where ${counties.regionId} = any(${plannerEvents.regionIds}))
  or ${listings.regionIds} && array(select ${counties.regionId} from ${counties} where ${counties.id} = any(${plannerEvents.countyIds})))`;

/**
 * Approved events that some public listing of the company matches by service and by place
 * (docs/decisions.md "Planner events"), newest first, each with those listings' ids (newest listing first).
 */
export async function matchingEvents(db: Db, companyId: string): Promise<PlannerEvent[]> {
  const rows = await db.select({
    event: plannerEvents,
    listingIds: sql<string[]>`array_agg(${listings.id} order by ${listings.createdAt} desc, ${listings.id})`,
  }).from(plannerEvents)
    .innerJoin(listings, and(eq(listings.companyId, companyId), isPublic, servesSelection, sharesPlace))
    .where(eq(plannerEvents.status, EventStatus.Approved))
    .groupBy(plannerEvents.id)
    .orderBy(desc(plannerEvents.createdAt), desc(plannerEvents.id));
  return rows.map((r) => ({ ...presentEvent(r.event), matchingListingIds: r.listingIds }));
}

/**
 * The company's listings (any status but Deleted) that match one event by the same rules, for the
 * event hits a new event chat records (issue 14). A draft or paused listing that serves the event
 * counts too: the company's dashboard covers every listing it has not deleted.
 */
export async function listingsMatchingEvent(db: Db | Tx, companyId: string, eventId: string): Promise<string[]> {
  const rows = await db.select({ id: listings.id }).from(plannerEvents)
    .innerJoin(listings, and(eq(listings.companyId, companyId), isNotDeleted, servesSelection, sharesPlace))
    .where(eq(plannerEvents.id, eventId))
    .orderBy(listings.id);
  return rows.map((r) => r.id);
}
