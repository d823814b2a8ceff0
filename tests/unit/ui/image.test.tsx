import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Image } from '../../../src/ui/Image';

const wrapper = (container: HTMLElement) => container.firstElementChild as HTMLElement;

describe('Image', () => {
  it('shows a skeleton until the image has loaded, lazily and without layout shift', () => {
    const { container } = render(<Image fileId="f1" width={400} alt="A venue" aspectRatio="4 / 3" />);
    const img = screen.getByRole('img', { name: 'A venue' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('src')).toBe('/api/files/f1?width=400');
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
    // The usual ratio is a class: server-rendered markup carries no style attribute (CSP).
    expect(wrapper(container).classList.contains('aspect-[4/3]')).toBe(true);
    expect(wrapper(container).getAttribute('style')).toBeNull();
    fireEvent.load(img);
    expect(container.querySelector('[data-skeleton]')).toBeNull();
    expect(wrapper(container).dataset.state).toBe('loaded');
  });

  it('keeps a ratio without a class as a style, and shows an above-the-fold image as it arrives', () => {
    const { container } = render(<Image fileId="f1" width={400} alt="Banner" aspectRatio="5 / 2" priority />);
    expect(wrapper(container).style.aspectRatio).toBe('5 / 2');
    const img = screen.getByRole('img', { name: 'Banner' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // No skeleton over it and not transparent: it can be the page's largest paint before any script.
    expect(container.querySelector('[data-skeleton]')).toBeNull();
    expect(img.classList.contains('opacity-0')).toBe(false);
  });

  it('has a 1x/2x srcset, or 400w/800w with sizes', () => {
    const { rerender } = render(<Image fileId="f1" width={64} alt="Thumb" />);
    expect(screen.getByRole('img').getAttribute('srcset')).toBe('/api/files/f1?width=64 1x, /api/files/f1?width=128 2x');
    rerender(<Image fileId="f1" width={400} alt="Card" sizes="400px" />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('srcset')).toBe('/api/files/f1?width=400 400w, /api/files/f1?width=800 800w');
    expect(img.getAttribute('sizes')).toBe('400px');
  });

  it('shows the placeholder icon on error, keeping the alt text for screen readers', () => {
    const { container } = render(<Image fileId="broken" width={300} alt="Gallery photo" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Gallery photo' })).toBe(wrapper(container));
  });

  it('loads a failed image again once the connection is back (no reload needed)', () => {
    const { container } = render(<Image fileId="later" width={400} alt="Venue" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(wrapper(container).dataset.state).toBe('placeholder');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(wrapper(container).dataset.state).toBe('loading');
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/files/later?width=400');
    fireEvent.load(img);
    expect(wrapper(container).dataset.state).toBe('loaded');
  });

  it('shows the placeholder when there is no file id', () => {
    const { container } = render(<Image fileId={null} width={400} alt="No picture" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-skeleton]')).toBeNull();
    expect(screen.getByRole('img', { name: 'No picture' })).toBeDefined();
  });

  it('an empty alt keeps the placeholder decorative', () => {
    const { container } = render(<Image fileId="" width={400} alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(wrapper(container).dataset.state).toBe('placeholder');
  });
});
