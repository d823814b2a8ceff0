import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Lightbox from '../../../../src/features/listing/Lightbox';
import { SWIPE_DELAY_MS, dragOffset, swipeStep } from '../../../../src/features/listing/swipe';
import { renderAt } from '../auth/render';

const ids = Array.from({ length: 12 }, (_, i) => `img-${i + 1}`);

function Harness({ start, onClosed }: { start: number; onClosed?: () => void }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <>
      <p data-testid="state">{index === null ? 'closed' : `open ${index}`}</p>
      <Lightbox imageIds={ids} index={index} onIndexChange={setIndex} onClose={() => { setIndex(null); onClosed?.(); }} title="Fjord Hall" />
    </>
  );
}

const counter = () => screen.getByTestId('lightbox-counter').textContent;
const key = (k: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k });

describe('Lightbox', () => {
  it('asks for the viewport width in device pixels, rounded up to a served width; shows the counter and the title', async () => {
    // happy-dom's window (its BrowserWindow type is not the DOM lib's Window) sets the viewport.
    (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number; devicePixelRatio: number }): void } })
      .happyDOM.setViewport({ width: 390, height: 844, devicePixelRatio: 3 });
    renderAt(<Harness start={2} />);
    await screen.findByTestId('lightbox');
    expect(counter()).toBe('3 / 12');
    const img = screen.getByTestId('lightbox-image');
    // 390 × 3 = 1170 → 1200; one width, no srcset for the browser to pick a bigger one from.
    expect(img.getAttribute('src')).toBe('/api/files/img-3?width=1200');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(screen.getByTestId('lightbox-counter').className).toContain('whitespace-nowrap');
    expect(img.getAttribute('alt')).toBe('Image 3 of 12');
    expect(screen.getByRole('dialog', { name: 'Fjord Hall' })).toBeDefined();
  });

  it('wraps around with Next past the last and Previous before the first', async () => {
    renderAt(<Harness start={11} />);
    await screen.findByTestId('lightbox');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toBe('1 / 12');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(counter()).toBe('12 / 12');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(counter()).toBe('11 / 12');
  });

  it('steps with ArrowRight and ArrowLeft, wrapping, and closes on Escape', async () => {
    renderAt(<Harness start={10} />);
    await screen.findByTestId('lightbox');
    key('ArrowRight');
    expect(counter()).toBe('12 / 12');
    key('ArrowRight');
    expect(counter()).toBe('1 / 12');
    key('ArrowLeft');
    expect(counter()).toBe('12 / 12');
    key('Escape');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(screen.queryByTestId('lightbox')).toBeNull();
  });

  it('closes with the Close button', async () => {
    renderAt(<Harness start={0} />);
    await screen.findByTestId('lightbox');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('lightbox')).toBeNull());
  });
});

describe('swipe', () => {
  const start = { x: 200, y: 300, time: 1000 };

  it('ignores movement before the 150 ms delay', () => {
    expect(SWIPE_DELAY_MS).toBe(150);
    expect(dragOffset(start, 50, 300, 1100)).toBe(0);
    expect(swipeStep(start, 50, 300, 1149)).toBe(0);
  });

  it('follows the finger after the delay and steps on a long enough swipe', () => {
    expect(dragOffset(start, 120, 305, 1200)).toBe(-80);
    expect(swipeStep(start, 120, 305, 1200)).toBe(1);
    expect(swipeStep(start, 300, 300, 1400)).toBe(-1);
    expect(swipeStep(start, 230, 300, 1400)).toBe(0);
  });

  it('ignores mostly vertical drags (scrolling)', () => {
    expect(swipeStep(start, 120, 500, 1400)).toBe(0);
  });
});
