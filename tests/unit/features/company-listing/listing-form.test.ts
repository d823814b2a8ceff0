import { describe, expect, it } from 'vitest';
import { ListingMessages } from '../../../../src/domain/listings';
import type { Region } from '../../../../src/domain/locations';
import {
  changeField, emptyListingForm, isContactForPrice, listingInput, parsePrice, splitLocations, validateListingForm, videoLinkError,
} from '../../../../src/features/company-listing/listingForm';
import { locationChipGroups, toggleCounty, toggleRegion } from '../../../../src/features/company-listing/locationChips';
import { galleryOutcome } from '../../../../src/features/company-listing/gallery';

const filled = () => ({
  ...emptyListingForm(),
  name: 'Boat trips', shortDescription: 'Trips on the fjord all summer', categoryId: 'cat-1', subCategoryId: 'sub-1',
  categoryServiceIds: ['cs-1'], subCategoryServiceIds: ['ss-1'],
});

describe('clearing rules (spec 2 §4)', () => {
  it('a new category clears the sub-category and both service lists', () => {
    const next = changeField(filled(), 'categoryId', 'cat-2');
    expect(next).toMatchObject({ categoryId: 'cat-2', subCategoryId: '', categoryServiceIds: [], subCategoryServiceIds: [] });
  });

  it('a new sub-category clears only the sub-category services', () => {
    const next = changeField(filled(), 'subCategoryId', 'sub-2');
    expect(next).toMatchObject({ categoryId: 'cat-1', subCategoryId: 'sub-2', categoryServiceIds: ['cs-1'], subCategoryServiceIds: [] });
  });

  it('choosing the same category again clears nothing', () => {
    expect(changeField(filled(), 'categoryId', 'cat-1')).toEqual(filled());
  });
});

describe('cutting and validation (spec 2 §5)', () => {
  it('cuts the name at 50 and the short description at 150 characters', () => {
    expect(changeField(filled(), 'name', 'x'.repeat(60)).name).toHaveLength(50);
    expect(changeField(filled(), 'shortDescription', 'y'.repeat(200)).shortDescription).toHaveLength(150);
  });

  it('names every missing or short field with the spec\'s message', () => {
    expect(validateListingForm(emptyListingForm(), 'co-1')).toEqual({
      name: ListingMessages.NameRequired,
      shortDescription: ListingMessages.ShortRequired,
      categoryId: ListingMessages.CategoryRequired,
      subCategoryId: ListingMessages.SubCategoryRequired,
    });
    const short = { ...filled(), name: 'ab', shortDescription: 'too short' };
    expect(validateListingForm(short, 'co-1')).toEqual({ name: ListingMessages.NameMin, shortDescription: ListingMessages.ShortMin });
    expect(validateListingForm(filled(), '')).toEqual({ companyId: ListingMessages.CompanyRequired });
    expect(validateListingForm(filled(), 'co-1')).toEqual({});
  });

  it('wants the price to be a number and shows Contact for Price at 0 or empty', () => {
    expect(validateListingForm({ ...filled(), price: '12a' }, 'co-1')).toEqual({ price: 'Price must be a number.' });
    expect(parsePrice('1 000')).toBeNaN();
    expect(parsePrice('1500')).toBe(1500);
    expect(parsePrice('')).toBeNull();
    expect(isContactForPrice('')).toBe(true);
    expect(isContactForPrice('0')).toBe(true);
    expect(isContactForPrice('10')).toBe(false);
  });
});

describe('video links (spec 2 §5)', () => {
  it('flags an unsupported link, not an empty row', () => {
    expect(videoLinkError('')).toBeNull();
    expect(videoLinkError('https://example.com/video')).toBe(ListingMessages.VideoInvalid);
    expect(videoLinkError('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(videoLinkError('https://vimeo.com/76979871')).toBeNull();
  });

  it('saves without empty rows and without invalid links', () => {
    const values = { ...filled(), price: '0', videoLinks: ['', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'not a link', '  '] };
    const input = listingInput(values, 'co-1', 100);
    expect(input.videoLinks).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    expect(input).toMatchObject({ companyId: 'co-1', status: 100, price: 0, name: 'Boat trips' });
  });
});

const region = (id: string, counties: number): Region => ({
  id, name: `Region ${id}`, country: 'NO', counties: Array.from({ length: counties }, (_, i) => ({ id: `${id}-c${i}`, name: `County ${id}-${i}` })),
} as Region);

describe('locations', () => {
  const regions = [region('r1', 8), region('r2', 3), region('r3', 2)];

  it('a region with more than 5 chosen counties, or all of them, is one chip; otherwise a chip per county', () => {
    const groups = locationChipGroups(regions, ['r1-c0', 'r1-c1', 'r1-c2', 'r1-c3', 'r1-c4', 'r1-c5', 'r2-c0', 'r2-c1', 'r2-c2', 'r3-c0']);
    expect(groups.map((g) => [g.region.id, g.counties.length, g.whole, g.collapsed])).toEqual([
      ['r1', 6, false, true], ['r2', 3, true, true], ['r3', 1, false, false],
    ]);
    expect(locationChipGroups(regions, ['r1-c0', 'r1-c1', 'r1-c2', 'r1-c3', 'r1-c4'])[0]!.collapsed).toBe(false);
  });

  it('a whole region replaces its counties; unticking one of its counties keeps the others', () => {
    expect(toggleRegion(['r1-c0', 'r2-c0'], regions[0]!, true)).toEqual(['r2-c0', 'r1']);
    expect(toggleCounty(['r2'], regions[1]!, 'r2-c1', false)).toEqual(['r2-c0', 'r2-c2']);
    expect(splitLocations(['r1', 'r2-c0'], regions)).toEqual({ regionIds: ['r1'], countyIds: ['r2-c0'] });
  });
});

describe('gallery outcome (spec 2 §8)', () => {
  it('all, some or none of the batch', () => {
    expect(galleryOutcome(3, 3)).toEqual({ kind: 'all', total: 3 });
    expect(galleryOutcome(1, 3)).toEqual({ kind: 'some', uploaded: 1, total: 3 });
    expect(galleryOutcome(0, 2)).toEqual({ kind: 'none', failed: 2 });
  });
});
