import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { EventCategory, EventConfig, EventRegion, SelectedServices } from '../../../src/domain/events';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

const uuids = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);

/**
 * Planner events (spec 3 §3). The wizard's documents are stored as sent (jsonb); the `*_ids`
 * columns are derived from them by the server on every save (server/modules/events/derive.ts),
 * never taken from the client, so the company match query reads arrays instead of jsonb.
 */
export const plannerEvents = pgTable('planner_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdById: uuid('created_by_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Codes of src/domain/events EventType (-1 None … 999 Custom). */
  eventType: integer('event_type').notNull().default(-1),
  eventConfig: jsonb('event_config').$type<EventConfig>().notNull(),
  eventLocations: jsonb('event_locations').$type<EventRegion[]>().notNull().default(sql`'[]'::jsonb`),
  eventCategories: jsonb('event_categories').$type<EventCategory[]>().notNull().default(sql`'[]'::jsonb`),
  selectedServices: jsonb('selected_services').$type<SelectedServices>().notNull().default(sql`'{}'::jsonb`),
  /** Selected regions and counties (isSelected in eventLocations). */
  regionIds: uuids('region_ids'),
  countyIds: uuids('county_ids'),
  /** eventCategories ids and the selectedServices keys with anything selected. */
  categoryIds: uuids('category_ids'),
  subCategoryIds: uuids('sub_category_ids'),
  /** Selected category services and sub-category services together. */
  serviceIds: uuids('service_ids'),
  /** Codes of src/domain/events EventStatus (0 Draft … 500 Cancelled). */
  status: integer('status').notNull().default(0),
  approved: boolean('approved').notNull().default(false),
  rejectionMessage: text('rejection_message'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('planner_events_created_by_idx').on(t.createdById, t.updatedAt),
  index('planner_events_status_created_idx').on(t.status, t.createdAt),
]);
