import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { db } from '../../../../src/db/database';
import { snackbars } from '../../../../src/state/snackbar';
import { GalleryField, type GalleryFieldProps } from '../../../../src/features/company-listing/GalleryField';
import { renderAt } from '../auth/render';

const messages = () => snackbars.items.map((s) => `${s.severity}:${s.message}`);
const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const text = (name: string) => new File(['x'], name, { type: 'text/plain' });

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  snackbars.items = [];
});

function Harness(props: Omit<GalleryFieldProps, 'ids' | 'onChange'> & { initial?: string[]; onIds?: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <GalleryField {...props} ids={ids} onChange={(update) => setIds((current) => {
        const next = update(current);
        props.onIds?.(next);
        return next;
      })} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

const choose = (files: File[]) => fireEvent.change(screen.getByTestId('gallery-input'), { target: { files } });

describe('gallery uploads (spec 2 §8)', () => {
  it('several images at once, each with its progress, then "All images uploaded successfully!"', async () => {
    let n = 0;
    const store = vi.fn(async () => `img-${++n}`);
    renderAt(<Harness store={store} removeFile={vi.fn()} />);
    choose([image('a.png'), image('b.png'), image('c.png')]);
    await waitFor(() => expect(messages()).toEqual(['success:All images uploaded successfully!']));
    expect(screen.getByTestId('ids').textContent).toBe('img-1,img-2,img-3');
    const rows = screen.getAllByTestId('gallery-progress');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['done', 'done', 'done']);
    expect(rows.map((r) => (r.querySelector('progress') as HTMLProgressElement).getAttribute('value'))).toEqual(['100', '100', '100']);
    expect(store).toHaveBeenCalledTimes(3);
  });

  it('says "{n} of {m} images uploaded successfully" when some fail, and keeps the ones that worked', async () => {
    const store = vi.fn(async (_b: Blob, name: string) => {
      if (name === 'broken.png') throw new Error('disk');
      return `id-${name}`;
    });
    renderAt(<Harness store={store} removeFile={vi.fn()} />);
    choose([image('a.png'), text('notes.txt'), image('broken.png')]);
    await waitFor(() => expect(messages()).toEqual(['warning:1 of 3 images uploaded successfully']));
    expect(screen.getByTestId('ids').textContent).toBe('id-a.png');
    expect(screen.getAllByTestId('gallery-progress').map((r) => r.getAttribute('data-state'))).toEqual(['done', 'failed', 'failed']);
  });

  it('says "Failed to upload {n} image(s)" when none could be kept', async () => {
    renderAt(<Harness store={vi.fn().mockRejectedValue(new Error('full'))} removeFile={vi.fn()} />);
    choose([image('a.png'), image('b.png')]);
    await waitFor(() => expect(messages()).toEqual(['error:Failed to upload 2 image(s)']));
    expect(screen.getByTestId('ids').textContent).toBe('');
  });

  it('says "An error occurred while uploading images" when the batch itself breaks', async () => {
    const onChange = () => {
      throw new Error('the form is gone');
    };
    renderAt(<GalleryField ids={[]} onChange={onChange} store={vi.fn().mockResolvedValue('x')} removeFile={vi.fn()} />);
    choose([image('a.png')]);
    await waitFor(() => expect(messages()).toEqual(['error:An error occurred while uploading images']));
  });
});

describe('removing gallery images (spec 2 §8)', () => {
  it('removes the id with "Image removed successfully!"', async () => {
    const removeFile = vi.fn().mockResolvedValue('removed');
    renderAt(<Harness initial={['g1', 'g2']} store={vi.fn()} removeFile={removeFile} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove gallery image 1' }));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('g2'));
    expect(removeFile).toHaveBeenCalledWith('g1');
    expect(messages()).toEqual(['success:Image removed successfully!']);
  });

  it('the server no longer has the file: the id still goes, with the warning', async () => {
    renderAt(<Harness initial={['g1', 'g2']} store={vi.fn()} removeFile={vi.fn().mockResolvedValue('gone')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove gallery image 2' }));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('g1'));
    expect(messages()).toEqual(['warning:Image reference already removed from the server']);
  });

  it('a removal that fails keeps the image', async () => {
    renderAt(<Harness initial={['g1']} store={vi.fn()} removeFile={vi.fn().mockRejectedValue(new Error('403'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove gallery image 1' }));
    await waitFor(() => expect(messages()).toEqual(['error:Failed to remove image']));
    expect(screen.getByTestId('ids').textContent).toBe('g1');
  });
});
