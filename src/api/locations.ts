import { stripRegionPrefix, type Region, type RegionCountry } from '../domain/locations';
import { api } from './http';

/** What an Admin sends to create or change a region (spec 3 §7: {name, counties[{name}]}, plus its country). */
export interface RegionInput {
  name: string;
  country: RegionCountry;
  counties: { name: string }[];
}

const regionPath = (id: string) => `/locations/${encodeURIComponent(stripRegionPrefix(id))}`;
// One key per Admin action: a write whose answer was lost and is sent again is answered, not done twice.
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** Regions with their counties (docs/api.md "Locations"); the writes are the Admin's. */
export const locationsApi = {
  regions: () => api.get<Region[]>('/locations'),
  region: (id: string) => api.get<Region>(regionPath(id)),
  createRegion: (body: RegionInput) => api.post<Region>('/locations', body, { headers: once() }),
  /** `version` is the one the Admin edited: a region changed meanwhile is a 412. */
  updateRegion: (id: string, body: RegionInput, version: number) =>
    api.put<Region>(regionPath(id), body, { headers: { ...once(), 'If-Match': `"${version}"` } }),
  deleteRegion: (id: string) => api.delete<void>(regionPath(id), { headers: once() }),
};
