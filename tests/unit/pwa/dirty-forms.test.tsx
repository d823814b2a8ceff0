import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anyDirty, markDirty, useDirtyForm } from '../../../src/state/dirty-forms';

function Form({ id, dirty }: { id: string; dirty: boolean }) {
  useDirtyForm(id, dirty);
  return null;
}

describe('dirty-forms registry', () => {
  afterEach(() => {
    markDirty('a', false);
    markDirty('b', false);
  });

  it('is dirty while any form is', () => {
    expect(anyDirty()).toBe(false);
    markDirty('a', true);
    markDirty('b', true);
    expect(anyDirty()).toBe(true);
    markDirty('a', false);
    expect(anyDirty()).toBe(true);
    markDirty('b', false);
    expect(anyDirty()).toBe(false);
  });

  it('marking twice or clearing an unknown id is harmless', () => {
    markDirty('a', true);
    markDirty('a', true);
    markDirty('a', false);
    markDirty('zzz', false);
    expect(anyDirty()).toBe(false);
  });

  it('useDirtyForm follows the flag and clears on unmount', () => {
    const view = render(<Form id="profile" dirty={false} />);
    expect(anyDirty()).toBe(false);
    view.rerender(<Form id="profile" dirty />);
    expect(anyDirty()).toBe(true);
    act(() => view.unmount());
    expect(anyDirty()).toBe(false);
  });
});
