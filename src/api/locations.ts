import type { Region } from '../domain/locations';
import { api } from './http';

/** Regions with their counties (docs/api.md "Locations"). */
export const locationsApi = {
  regions: () => api.get<Region[]>('/locations'),
  region: (id: string) => api.get<Region>(`/locations/${encodeURIComponent(id)}`),
};
