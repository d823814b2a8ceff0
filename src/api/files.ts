import type { FileManifestEntry } from '../domain/user';
import { API_BASE, api } from './http';

function form(file: Blob, name: string): FormData {
  const data = new FormData();
  data.append('data', file, name);
  return data;
}

export const filesApi = {
  upload: (file: Blob, name: string) => api.post<{ id: string }>('/files', form(file, name)),
  replace: (id: string, file: Blob, name: string) => api.put<{ id: string }>(`/files/${id}`, form(file, name)),
  remove: (id: string) => api.delete<void>(`/files/${id}`),
  manifest: () => api.get<FileManifestEntry[]>('/files/manifest'),
  /** The address of an image, optionally resized to a width (400 cards, 64 thumbnails, 300 galleries). */
  url: (id: string, width?: number) => `${API_BASE}/files/${id}${width ? `?width=${width}` : ''}`,
};
