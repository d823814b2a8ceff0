import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../../../src/domain/locations';
import { Locations } from '../../../../src/features/listing/Locations';
import { groupLocations } from '../../../../src/features/listing/locations';
import { renderAt } from '../auth/render';

const region = (id: string, countyCount: number): Region => ({
  id,
  name: `Region ${id}`,
  country: 'NO',
  counties: Array.from({ length: countyCount }, (_, i) => ({ id: `${id}-c${i}`, name: `County ${id}${i}` })),
  version: 1,
});
const counties = (id: string, n: number) => Array.from({ length: n }, (_, i) => `${id}-c${i}`);

const regions = [region('a', 10), region('b', 8), region('c', 3), region('d', 6)];

describe('groupLocations', () => {
  it('shows up to 5 chosen counties of a region as county chips', () => {
    const [group] = groupLocations(regions, [], counties('a', 5));
    expect(group).toMatchObject({ region: { id: 'a' }, whole: false, collapsed: false });
    expect(group!.counties).toHaveLength(5);
  });

  it('collapses a region with more than 5 chosen counties', () => {
    const [group] = groupLocations(regions, [], counties('a', 6));
    expect(group).toMatchObject({ whole: false, collapsed: true });
    expect(group!.counties).toHaveLength(6);
  });

  it('collapses a region whose counties are all chosen, even 3 of 3', () => {
    const [group] = groupLocations(regions, [], counties('c', 3));
    expect(group).toMatchObject({ region: { id: 'c' }, whole: true, collapsed: true });
  });

  it('collapses a region chosen as a whole, covering all its counties', () => {
    const [group] = groupLocations(regions, ['b'], []);
    expect(group).toMatchObject({ region: { id: 'b' }, whole: true, collapsed: true });
    expect(group!.counties).toHaveLength(8);
  });

  it("keeps the regions' order and leaves out unknown ids and regions without choices", () => {
    const groups = groupLocations(regions, ['zzz', 'd'], ['a-c1', 'nope', 'c-c0']);
    expect(groups.map((g) => g.region.id)).toEqual(['a', 'c', 'd']);
    expect(groups[0]!.counties.map((c) => c.id)).toEqual(['a-c1']);
  });

  it('is empty without stored regions (nothing to name them by)', () => {
    expect(groupLocations([], ['a'], ['a-c1'])).toEqual([]);
  });
});

describe('Locations', () => {
  it('renders county chips, and a collapsed region chip with a count that expands', () => {
    renderAt(<Locations regions={regions} regionIds={['b']} countyIds={[...counties('a', 2), ...counties('d', 6).slice(0, 6)]} />);
    expect(screen.getAllByTestId('county-chip').map((c) => c.textContent)).toEqual(['County a0', 'County a1']);
    const chips = screen.getAllByTestId('region-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['Region b(all counties)', 'Region d(all counties)']);
    expect(chips[0]!.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(chips[0]!);
    expect(chips[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'Counties in Region b' }).querySelectorAll('li')).toHaveLength(8);
    fireEvent.click(chips[0]!);
    expect(screen.queryByRole('list', { name: 'Counties in Region b' })).toBeNull();
  });

  it('shows the number of counties on a region collapsed for having more than 5', () => {
    renderAt(<Locations regions={regions} regionIds={[]} countyIds={counties('a', 7)} />);
    expect(screen.getByTestId('region-chip').textContent).toBe('Region a(7 counties)');
  });
});
