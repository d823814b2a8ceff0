import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageWidthFor, snapImageWidth } from '../../../src/domain/images';

describe('image widths', () => {
  it('rounds a request up to the next served width, capped at the largest', () => {
    expect(snapImageWidth(1)).toBe(32);
    expect(snapImageWidth(400)).toBe(400);
    expect(snapImageWidth(401)).toBe(500);
    expect(snapImageWidth(99_999)).toBe(IMAGE_WIDTHS.at(-1));
  });

  it('asks for the CSS width times the pixel ratio, rounded up', () => {
    expect(imageWidthFor(390, 3)).toBe(1200);
    expect(imageWidthFor(390, 2)).toBe(800);
    expect(imageWidthFor(1280, 1)).toBe(1600);
    expect(imageWidthFor(375, 2.625)).toBe(1000);
    expect(imageWidthFor(390, Number.NaN)).toBe(400);
  });
});
