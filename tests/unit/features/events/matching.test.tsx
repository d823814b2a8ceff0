import { describe, expect, it } from 'vitest';
import { matchingServices } from '../../../../src/features/events/matching';
import { chosenServices, formatEventDate, locationChips } from '../../../../src/ui/EventSummary';
import { detail } from '../../sync/fixtures';
import { EV1, plannerEvent } from './event-fixture';

const event = plannerEvent(EV1);
const chosen = chosenServices(event.eventCategories, event.selectedServices);
const names = (groups: ReturnType<typeof chosenServices>) => groups.map((g) => ({
  category: g.name, services: g.services.map((s) => s.name), subs: g.subCategories.map((s) => `${s.name}: ${s.services.map((x) => x.name).join(',')}`),
}));

describe('chosenServices', () => {
  it('lists each category with only the chosen services and the chosen sub-categories (or those with a chosen service)', () => {
    expect(names(chosen)).toEqual([
      { category: 'Venues', services: ['Hall'], subs: ['Barns: Hayloft'] },
      { category: 'Catering', services: ['Buffet'], subs: ['Cakes: Wedding cake'] },
    ]);
  });
});

describe('matchingServices (the company sees only what its listings match)', () => {
  it('keeps a category service only when a listing offers it, and drops categories nothing matches', () => {
    const hall = detail('l1', { categoryId: 'cat-other', categoryServiceIds: ['svc-hall'] });
    expect(names(matchingServices(chosen, [hall]))).toEqual([{ category: 'Venues', services: ['Hall'], subs: [] }]);
  });

  it('keeps a sub-category a listing is in, with only the sub-category services it offers', () => {
    const barn = detail('l2', { categoryId: 'cat-other', subCategoryId: 'sub-barns', subCategoryServiceIds: [] });
    expect(names(matchingServices(chosen, [barn]))).toEqual([{ category: 'Venues', services: [], subs: ['Barns: '] }]);
    const cake = detail('l3', { categoryId: 'cat-other', subCategoryServiceIds: ['svc-cake'] });
    expect(names(matchingServices(chosen, [cake]))).toEqual([{ category: 'Catering', services: [], subs: ['Cakes: Wedding cake'] }]);
  });

  it('keeps a category a listing is in even when none of its services match, and unions several listings', () => {
    const catering = detail('l4', { categoryId: 'cat-catering', categoryServiceIds: ['svc-not-chosen'] });
    const hall = detail('l1', { categoryId: 'cat-venues', categoryServiceIds: ['svc-hall', 'svc-garden'] });
    expect(names(matchingServices(chosen, [catering, hall]))).toEqual([
      { category: 'Venues', services: ['Hall'], subs: [] },
      { category: 'Catering', services: [], subs: [] },
    ]);
  });

  it('shows nothing when no listing matches (a service the planner did not choose does not count)', () => {
    expect(matchingServices(chosen, [detail('l5', { categoryId: 'cat-other', categoryServiceIds: ['svc-garden'] })])).toEqual([]);
    expect(matchingServices(chosen, [])).toEqual([]);
  });
});

describe('event dates and places', () => {
  it('writes a calendar day DD/MM/YYYY without moving it across time zones, and nothing for an invalid one', () => {
    expect(formatEventDate('2026-06-05')).toBe('05/06/2026');
    expect(formatEventDate(null)).toBe('');
    expect(formatEventDate('5 June')).toBe('');
  });

  it("makes one chip per chosen place: a whole region as 'Name (All)', else each chosen county", () => {
    expect(locationChips(event.eventLocations, 'All').map((c) => c.label)).toEqual(['Vestland (All)', 'Oslo']);
  });
});
