import { describe, expect, it } from 'vitest';
import { EventStatus, EventType, newEventInput, type EventInput } from '../../../../src/domain/events';
import { DEFAULT_FILTER, filterEvents } from '../../../../src/features/planner/filters';
import { locationChipGroups } from '../../../../src/features/planner/locationChips';
import { regionChoice, toggleCounty, toggleRegion } from '../../../../src/features/planner/locationSelection';
import { chosenIds, eventCategoriesOf, toggleService } from '../../../../src/features/planner/serviceSelection';
import { canLeaveStep, readyForApproval, worthAutosaving } from '../../../../src/features/planner/wizardSteps';
import { eventRegion, region } from './helpers';

const input = (patch: Partial<EventInput> = {}): EventInput => ({ ...newEventInput('e1'), ...patch });
const config = (patch: Partial<EventInput['eventConfig']>) => input({ eventConfig: { ...newEventInput().eventConfig, ...patch } });
const basics = { eventName: 'Party', numberOfAttendees: 10, startDate: '2026-06-01', endDate: '2026-06-02' };

describe('wizard step rules (spec 3 §5)', () => {
  it('type step: needs a type', () => {
    expect(canLeaveStep(1, input())).toBe(false);
    expect(canLeaveStep(1, input({ eventType: EventType.Seminar }))).toBe(true);
  });

  it('configure: Continue needs name, attendees, start and end date, valid and in order', () => {
    expect(canLeaveStep(2, config(basics))).toBe(true);
    expect(canLeaveStep(2, config({ ...basics, eventName: '   ' }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, numberOfAttendees: 0 }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, startDate: null }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, endDate: null }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, startDate: '2026-02-30' }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, endDate: '2026-05-31' }))).toBe(false);
    expect(canLeaveStep(2, config({ ...basics, endDate: '2026-06-01' }))).toBe(true);
  });

  it('locations: Next needs a region or a county', () => {
    const r = region('r1', 'Oslo', 3);
    expect(canLeaveStep(3, input())).toBe(false);
    expect(canLeaveStep(3, input({ eventLocations: [eventRegion(r, [])] }))).toBe(false);
    expect(canLeaveStep(3, input({ eventLocations: [eventRegion(r, [2])] }))).toBe(true);
    expect(canLeaveStep(3, input({ eventLocations: [eventRegion(r, 'region')] }))).toBe(true);
  });

  it('services: Continue needs a category service, a sub-category or a sub-category service', () => {
    const catalogue = {
      categoryServices: [{ id: 'cs1', categoryId: 'c1', name: 'Catering', groupName: '', shortDescription: '', version: 1 }],
      subCategories: [{ id: 'sc1', categoryId: 'c1', name: 'Venues', shortDescription: '', description: '', imageUri: null, version: 1 }],
      subCategoryServices: [{ id: 'ss1', subCategoryId: 'sc1', name: 'Hall', groupName: 'Indoor', shortDescription: '', version: 1 }],
    };
    expect(canLeaveStep(4, input())).toBe(false);
    for (const choice of [{ kind: 'categoryService', id: 'cs1' }, { kind: 'subCategory', id: 'sc1' }, { kind: 'subCategoryService', id: 'ss1' }] as const) {
      const selected = toggleService({}, 'c1', catalogue, { ...choice, on: true });
      expect(canLeaveStep(4, input({ selectedServices: selected })), choice.kind).toBe(true);
      expect(chosenIds(selected, 'c1')).toEqual(new Set([choice.id]));
      // Unticking the last choice drops the category.
      expect(toggleService(selected, 'c1', catalogue, { ...choice, on: false })).toEqual({});
    }
    const both = toggleService(toggleService({}, 'c1', catalogue, { kind: 'subCategory', id: 'sc1', on: true }), 'c1', catalogue, { kind: 'subCategoryService', id: 'ss1', on: true });
    expect(both.c1!.subCategories[0]).toMatchObject({ id: 'sc1', isSelected: true, services: [{ id: 'ss1', isSelected: true, groupName: 'Indoor' }] });
    expect(both.c1!.categoryServices[0]).toMatchObject({ id: 'cs1', isSelected: false, groupName: null });
    expect(eventCategoriesOf(both, [{ id: 'c1', name: 'Food' }], [])).toEqual([{ id: 'c1', name: 'Food' }]);
  });

  it('Save for Approval needs every step; autosave starts once there is a name or a type', () => {
    expect(readyForApproval(input())).toBe(false);
    expect(worthAutosaving(input())).toBe(false);
    expect(worthAutosaving(input({ eventType: EventType.Birthday }))).toBe(true);
    expect(worthAutosaving(config({ eventName: 'x' }))).toBe(true);
  });
});

describe('region and county selection (spec 3 §2)', () => {
  const r = region('r1', 'Vestland', 3);

  it('selecting every county marks the region; deselecting one unmarks it', () => {
    let locations = toggleCounty([], r, 'r1-c1', true);
    locations = toggleCounty(locations, r, 'r1-c2', true);
    expect(regionChoice(locations, 'r1').selected).toBe(false);
    locations = toggleCounty(locations, r, 'r1-c3', true);
    expect(regionChoice(locations, 'r1').selected).toBe(true);
    locations = toggleCounty(locations, r, 'r1-c2', false);
    expect(regionChoice(locations, 'r1')).toEqual({ selected: false, counties: new Set(['r1-c1', 'r1-c3']) });
  });

  it('the region checkbox selects and clears all its counties; nothing chosen drops the region', () => {
    const on = toggleRegion([], r, true);
    expect(on).toHaveLength(1);
    expect(on[0]!.isSelected).toBe(true);
    expect(on[0]!.counties.every((c) => c.isSelected && c.regionId === 'r1')).toBe(true);
    expect(toggleRegion(on, r, false)).toEqual([]);
    expect(toggleCounty(toggleCounty([], r, 'r1-c1', true), r, 'r1-c1', false)).toEqual([]);
  });

  it('a region without counties is chosen as a whole', () => {
    const empty = region('r2', 'Svalbard', 0);
    expect(toggleRegion([], empty, true)).toEqual([{ id: 'r2', name: 'Svalbard', isSelected: true, counties: [] }]);
  });
});

describe('location chips (spec 3 §2, §9)', () => {
  it('collapse to Name (All) when all counties are chosen, Name (count) above 5, else the counties', () => {
    const big = region('r1', 'Viken', 8);
    const small = region('r2', 'Agder', 4);
    expect(locationChipGroups([eventRegion(big, 'region')])).toEqual([{ regionId: 'r1', name: 'Viken', kind: 'all' }]);
    expect(locationChipGroups([eventRegion(small, [1, 2, 3, 4])])).toEqual([{ regionId: 'r2', name: 'Agder', kind: 'all' }]);
    expect(locationChipGroups([eventRegion(big, [1, 2, 3, 4, 5, 6])])).toEqual([{ regionId: 'r1', name: 'Viken', kind: 'count', count: 6 }]);
    expect(locationChipGroups([eventRegion(big, [1, 2, 3, 4, 5])])).toEqual([
      { regionId: 'r1', name: 'Viken', kind: 'counties', counties: ['Viken 1', 'Viken 2', 'Viken 3', 'Viken 4', 'Viken 5'] },
    ]);
    expect(locationChipGroups([eventRegion(big, [])])).toEqual([]);
  });
});

describe('status filter (spec 3 §2)', () => {
  const events = [0, 100, 200, 300, 400, 500].map((status) => ({ id: String(status), status }));
  it('defaults to Approved; each option shows its status; All Events leaves out Cancelled', () => {
    expect(DEFAULT_FILTER).toBe('approved');
    expect(filterEvents(events, 'approved').map((e) => e.status)).toEqual([EventStatus.Approved]);
    expect(filterEvents(events, 'drafts').map((e) => e.status)).toEqual([EventStatus.Draft]);
    expect(filterEvents(events, 'pending').map((e) => e.status)).toEqual([EventStatus.AwaitingApproval]);
    expect(filterEvents(events, 'rejected').map((e) => e.status)).toEqual([EventStatus.Rejected]);
    expect(filterEvents(events, 'all').map((e) => e.status)).toEqual([0, 100, 200, 300, 400]);
  });
});
