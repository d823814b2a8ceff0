import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissKey, notify, snackbars } from '../../../src/state/snackbar';

const shown = () => snackbars.items.map((s) => `${s.key}: ${s.message}`);

beforeEach(() => {
  vi.useFakeTimers();
  snackbars.items = [];
});
afterEach(() => {
  snackbars.items = [];
  vi.useRealTimers();
});

describe('snackbar store', () => {
  it('a message with the key of one on screen replaces it in place; other keys stack', () => {
    notify('Sending verification code...', { key: 'profile:phone' });
    notify('Failed to add favorite', { key: 'favorite:l1', severity: 'error' });
    notify('Invalid verification code', { key: 'profile:phone', severity: 'error' });
    expect(shown()).toEqual(['profile:phone: Invalid verification code', 'favorite:l1: Failed to add favorite']);
    notify('Phone number verified successfully', { key: 'profile:phone', severity: 'success' });
    expect(shown()).toEqual(['profile:phone: Phone number verified successfully', 'favorite:l1: Failed to add favorite']);
    expect(snackbars.items[0]!.severity).toBe('success');
  });

  it('the replacing message gets its own full time; the replaced one\'s timer no longer runs', () => {
    notify('first', { key: 'a', durationMs: 6000 });
    vi.advanceTimersByTime(5000);
    notify('second', { key: 'a', durationMs: 6000 });
    vi.advanceTimersByTime(5000);
    expect(shown()).toEqual(['a: second']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual([]);
  });

  it('keeps at most 3 on screen, dropping the oldest', () => {
    for (const key of ['a', 'b', 'c', 'd']) notify(key, { key });
    expect(shown()).toEqual(['b: b', 'c: c', 'd: d']);
  });

  it('dismissKey takes away the message of that action only', () => {
    notify('Failed to update notification preferences', { key: 'profile:preferences', severity: 'error' });
    notify('Failed to add favorite', { key: 'favorite:l1', severity: 'error' });
    dismissKey('profile:preferences');
    expect(shown()).toEqual(['favorite:l1: Failed to add favorite']);
    dismissKey('nothing');
    expect(shown()).toHaveLength(1);
  });
});
