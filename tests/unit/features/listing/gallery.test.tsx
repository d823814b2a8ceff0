import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Gallery } from '../../../../src/features/listing/Gallery';
import { GALLERY_THUMBNAILS, galleryLayout, wrapIndex } from '../../../../src/features/listing/gallery';
import { renderAt } from '../auth/render';
import { imageWidthFor } from '../../../../src/domain/images';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `img-${i + 1}`);

describe('galleryLayout', () => {
  it('shows every image up to 7 and no tile', () => {
    expect(galleryLayout(ids(3))).toEqual({ shown: ids(3), more: 0 });
    expect(galleryLayout(ids(7))).toEqual({ shown: ids(7), more: 0 });
  });

  it('shows 7 and counts the rest for the tile', () => {
    expect(GALLERY_THUMBNAILS).toBe(7);
    expect(galleryLayout(ids(8))).toEqual({ shown: ids(7), more: 1 });
    expect(galleryLayout(ids(12)).more).toBe(5);
    expect(galleryLayout([]).more).toBe(0);
  });

  it('wraps indices around both ends', () => {
    expect(wrapIndex(11, 1, 12)).toBe(0);
    expect(wrapIndex(0, -1, 12)).toBe(11);
    expect(wrapIndex(4, 1, 12)).toBe(5);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('Gallery', () => {
  it("renders 7 thumbnails at width 300 and '+5 More images' for 12 images", () => {
    renderAt(<Gallery imageIds={ids(12)} title="Fjord Hall" />);
    const thumbs = screen.getAllByTestId('gallery-thumbnail');
    expect(thumbs).toHaveLength(7);
    expect(thumbs[0]!.querySelector('img')!.getAttribute('src')).toBe('/api/files/img-1?width=300');
    expect(screen.getByTestId('gallery-more').textContent).toBe('+5 More images');
  });

  it("says '+1 More image' for 8 images and shows no tile for 7", () => {
    const { unmount } = renderAt(<Gallery imageIds={ids(8)} title="x" />);
    expect(screen.getByTestId('gallery-more').textContent).toBe('+1 More image');
    unmount();
    renderAt(<Gallery imageIds={ids(7)} title="x" />);
    expect(screen.queryByTestId('gallery-more')).toBeNull();
    expect(screen.getAllByTestId('gallery-thumbnail')).toHaveLength(7);
  });

  it('opens the lightbox at the 8th image from the tile, and at a thumbnail from it', async () => {
    const { unmount } = renderAt(<Gallery imageIds={ids(12)} title="Fjord Hall" />);
    fireEvent.click(screen.getByTestId('gallery-more'));
    const box = await screen.findByTestId('lightbox');
    expect(within(box).getByTestId('lightbox-counter').textContent).toBe('8 / 12');
    // The lightbox asks for the screen's width in device pixels, rounded up to a served width.
    expect(within(box).getByTestId('lightbox-image').getAttribute('src')).toBe(`/api/files/img-8?width=${imageWidthFor(window.innerWidth, window.devicePixelRatio)}`);
    unmount();
    renderAt(<Gallery imageIds={ids(12)} title="Fjord Hall" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 3 of 12' }));
    expect((await screen.findByTestId('lightbox-counter')).textContent).toBe('3 / 12');
  });

  it('renders nothing without images', () => {
    const { container } = renderAt(<Gallery imageIds={[]} title="x" />);
    expect(container.innerHTML).toBe('');
  });
});
