import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { FileImage } from '../../../../src/ui/FileImage';
import { renderAt } from '../auth/render';

beforeEach(async () => {
  await db.delete();
  await db.open();
});

describe('images chosen on this device', () => {
  it('show from the stored bytes until uploaded, then from the server', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:local-card');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    await db.localFiles.put({ id: 'f1', userId: 'u1', bytes: new Uint8Array([1, 2]).buffer, type: 'image/webp', name: 'card.webp', createdAt: 1 });
    renderAt(<FileImage fileId="f1" width={400} alt="Card image" data-testid="img" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Card image' }).getAttribute('src')).toBe('blob:local-card'));
    expect(screen.getByTestId('img').getAttribute('data-local')).toBe('true');
    await db.localFiles.delete('f1');
    await waitFor(() => expect(screen.getByTestId('img').querySelector('img')?.getAttribute('src')).toBe('/api/files/f1?width=400'));
    vi.restoreAllMocks();
  });
});
