import { describe, expect, it } from 'vitest';
import { customRangeErrors, presetRange, rangeOf, readChoice, savedViewKey, writeChoice } from '../../../../src/features/statistics/range';
import { refreshDelay, TOKEN_REFRESH_MARGIN_MS } from '../../../../src/features/analytics/PowerBiReport';
import { labelIndices } from '../../../../src/ui/charts/TimeSeriesChart';

const NOW = new Date('2025-03-10T23:30:00Z');

describe('the statistics range in the address', () => {
  it('reads the presets, a custom range, and falls back to 7 days for anything else', () => {
    expect(readChoice(new URLSearchParams(''))).toEqual({ kind: 'preset', days: 7 });
    expect(readChoice(new URLSearchParams('range=365'))).toEqual({ kind: 'preset', days: 365 });
    expect(readChoice(new URLSearchParams('range=14'))).toEqual({ kind: 'preset', days: 7 });
    expect(readChoice(new URLSearchParams('range=custom&from=2025-01-01&to=2025-01-31'))).toEqual({ kind: 'custom', from: '2025-01-01', to: '2025-01-31' });
  });

  it('writes the choice and keeps the other parameters; the default preset leaves no trace', () => {
    const base = new URLSearchParams('companyId=c1&listingId=l1&range=custom&from=2025-01-01&to=2025-01-02');
    expect(writeChoice(base, { kind: 'preset', days: 7 }).toString()).toBe('companyId=c1&listingId=l1');
    expect(writeChoice(base, { kind: 'preset', days: 90 }).toString()).toBe('companyId=c1&listingId=l1&range=90');
  });

  it('presets end today (UTC) and count both ends', () => {
    expect(presetRange(7, NOW)).toEqual({ startDate: '2025-03-04', endDate: '2025-03-10' });
    expect(presetRange(365, NOW)).toEqual({ startDate: '2024-03-11', endDate: '2025-03-10' });
  });

  it('a custom range is asked for only when it validates', () => {
    expect(customRangeErrors('', '2025-01-01', NOW)).toEqual({ start: 'startMissing' });
    expect(customRangeErrors('2025-02-30', '2025-03-01', NOW)).toEqual({ start: 'startInvalid' });
    expect(customRangeErrors('2025-03-02', '2025-03-01', NOW)).toEqual({ start: 'startAfterEnd' });
    expect(customRangeErrors('2022-03-01', '2025-03-01', NOW)).toEqual({ end: 'tooLong' });
    expect(rangeOf({ kind: 'custom', from: '2025-03-02', to: '2025-03-01' }, NOW)).toBeNull();
    expect(rangeOf({ kind: 'custom', from: '2025-03-01', to: '2025-03-01' }, NOW)).toEqual({ startDate: '2025-03-01', endDate: '2025-03-01' });
  });

  it('keeps a preset\'s figures under its name, a custom range\'s under its dates', () => {
    expect(savedViewKey('c1', null, { kind: 'preset', days: 30 })).toBe('statistics:c1:all:last-30');
    expect(savedViewKey('c1', 'l1', { kind: 'custom', from: '2025-01-01', to: '2025-01-02' })).toBe('statistics:c1:l1:custom:2025-01-01:2025-01-02');
  });
});

describe('chart and embed timing helpers', () => {
  it('thins x labels to what fits', () => {
    expect(labelIndices(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelIndices(7, 3)).toEqual([0, 3, 6]);
    expect(labelIndices(0, 3)).toEqual([]);
    expect(labelIndices(5, 0)).toEqual([0]);
  });

  it('renews an embed token 5 minutes before it expires, or at half the time left when that is sooner', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(refreshDelay('2025-03-10T13:00:00Z', now)).toBe(60 * 60_000 - TOKEN_REFRESH_MARGIN_MS);
    expect(refreshDelay('2025-03-10T12:06:00Z', now)).toBe(3 * 60_000);
    expect(refreshDelay('2025-03-10T11:00:00Z', now)).toBe(0);
    expect(refreshDelay(null, now)).toBeNull();
    expect(refreshDelay('soon', now)).toBeNull();
  });
});
