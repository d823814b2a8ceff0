import { z } from 'zod';
import {
  COUNTY_NAME_MAX, LocationMessages, REGION_COUNTRIES, REGION_MAX_COUNTIES, REGION_NAME_MAX, stripRegionPrefix,
} from '../../../src/domain/locations';

const countyItem = z.union([
  z.string('County name must be text'),
  z.object({ name: z.string('County name must be text') }).transform((c) => c.name),
], 'Each county must be {name}');

export const regionBody = z.object({
  name: z.preprocess((v) => v ?? '', z.string('Region name must be text').trim()
    .min(1, LocationMessages.RegionNameRequired).max(REGION_NAME_MAX, LocationMessages.RegionNameTooLong)),
  country: z.enum(REGION_COUNTRIES, "country must be 'NO' or 'SE'").optional(),
  counties: z.array(countyItem.pipe(z.string().trim().max(COUNTY_NAME_MAX, LocationMessages.CountyNameTooLong)), 'counties must be a list')
    .max(REGION_MAX_COUNTIES, `A region can have at most ${REGION_MAX_COUNTIES} counties`).optional(),
});

/** Ids may arrive as 'regions/<uuid>' (spec 3 §3). */
export const regionIdParam = z.object({
  id: z.string().transform(stripRegionPrefix).pipe(z.uuid('Must be a valid id')),
});
export type RegionBody = z.infer<typeof regionBody>;
