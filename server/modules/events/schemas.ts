import { z } from 'zod';
import { EVENT_LIMITS, EVENT_STATUSES, EVENT_TYPES, isIsoDate, type EventStatusCode, type EventTypeCode } from '../../../src/domain/events';

export { uuidParam as eventIdParam } from '../../lib/validate';
export const companyIdParam = z.object({ companyId: z.uuid('Must be a valid id') });

/**
 * Bounds on the wizard's documents: far above any real event (Norway and Sweden have ~40
 * regions and ~650 counties; the catalogue a few hundred services) and small enough that a
 * hostile body is a 400 here, not work for the database.
 */
const MAX = { regions: 200, counties: 1000, categories: 500, services: 2000, subCategories: 500, label: 300, text: 5000 } as const;

/** Region ids may carry the 'regions/' prefix of the old client (spec 3 §3); stored without it. */
const regionId = z.string('Must be a valid id').transform((v) => v.trim().replace(/^regions\//i, '').toLowerCase())
  .pipe(z.uuid('Must be a valid id'));
const id = z.string('Must be a valid id').transform((v) => v.trim().toLowerCase()).pipe(z.uuid('Must be a valid id'));
const label = z.string('Must be text').max(MAX.label, `Must be at most ${MAX.label} characters`);
const optionalText = (max: number) => z.string('Must be text').max(max, `Must be at most ${max} characters`).nullish()
  .transform((v) => v ?? null);
const flag = z.boolean('Must be true or false').optional().default(false);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item, 'Must be a list').max(max, `At most ${max} entries`);

const isoDate = z.string('Must be a date (YYYY-MM-DD)').nullish().transform((v, ctx) => {
  if (v === null || v === undefined || v === '') return null;
  if (!isIsoDate(v)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a valid date (YYYY-MM-DD)' });
    return z.NEVER;
  }
  return v;
});

export const eventConfigSchema = z.object({
  eventName: z.string('Must be text').max(EVENT_LIMITS.name, `The name must be at most ${EVENT_LIMITS.name} characters`).optional().default(''),
  startDate: isoDate,
  endDate: isoDate,
  numberOfAttendees: z.number('Must be a number').int('Must be a whole number')
    .min(0, 'The number of attendees cannot be negative')
    .max(EVENT_LIMITS.attendeesMax, `The number of attendees must be at most ${EVENT_LIMITS.attendeesMax}`).optional().default(0),
  budget: z.number('Must be a number').min(0, 'The budget cannot be negative')
    .max(EVENT_LIMITS.budgetMax, `The budget must be at most ${EVENT_LIMITS.budgetMax}`).nullish().transform((v) => v ?? null),
  description: z.string('Must be text').max(EVENT_LIMITS.description, `The description must be at most ${EVENT_LIMITS.description} characters`)
    .optional().default(''),
}, 'Must be an object').superRefine((config, ctx) => {
  if (config.startDate && config.endDate && config.endDate < config.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
  }
});

const countySchema = z.object({ id, name: label, regionId, isSelected: flag }, 'Must be an object');
const regionSchema = z.object({ id: regionId, name: label, isSelected: flag, counties: list(countySchema, MAX.counties).optional().default([]) },
  'Must be an object');
const categorySchema = z.object({ id, name: label }, 'Must be an object');
const serviceSchema = z.object({
  id, name: label, groupName: optionalText(MAX.label), isSelected: flag, description: optionalText(MAX.text),
}, 'Must be an object');
const subCategorySchema = z.object({ id, name: label, isSelected: flag, services: list(serviceSchema, MAX.services).optional().default([]) },
  'Must be an object');
const selectionSchema = z.object({
  categoryServices: list(serviceSchema, MAX.services).optional().default([]),
  subCategories: list(subCategorySchema, MAX.subCategories).optional().default([]),
}, 'Must be an object');

/** Keyed by category id; the keys are checked like every other id. */
const selectedServicesSchema = z.record(z.string(), selectionSchema, 'Must be an object keyed by category id')
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > MAX.categories) ctx.addIssue({ code: 'custom', message: `At most ${MAX.categories} categories` });
    for (const key of keys) {
      if (!z.uuid().safeParse(key).success) ctx.addIssue({ code: 'custom', path: [key], message: 'Must be a category id' });
    }
  })
  .transform((value) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v])));

const typeMessage = `eventType must be one of ${EVENT_TYPES.join(', ')}`;
const statusMessage = `status must be one of ${EVENT_STATUSES.join(', ')}`;

/** POST /PlannerEvent and PUT /PlannerEvent/{id} (EventInput); the wizard's step rules are applied in the service. */
export const eventBody = z.object({
  id: z.uuid('The id must be a UUID').optional(),
  eventType: z.number(typeMessage).refine((v) => EVENT_TYPES.includes(v), typeMessage).transform((v) => v as EventTypeCode),
  eventConfig: eventConfigSchema,
  eventLocations: list(regionSchema, MAX.regions).optional().default([]),
  eventCategories: list(categorySchema, MAX.categories).optional().default([]),
  selectedServices: selectedServicesSchema.optional().default({}),
  status: z.number(statusMessage).refine((v) => EVENT_STATUSES.includes(v), statusMessage).transform((v) => v as EventStatusCode),
}, 'The body must be a JSON object');

export type EventBody = z.infer<typeof eventBody>;
