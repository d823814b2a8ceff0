import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPart, lazyRetrying } from '../../../src/ui/LazyPart';

function Dialog({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('LazyPart and lazyRetrying', () => {
  it('calls onFailed and renders nothing when the chunk cannot be fetched, then loads on the next mount after reset', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Dialog }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Dialog });
    const Lazy = lazyRetrying(load);
    const onFailed = vi.fn(() => Lazy.reset());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = render(<div data-testid="host"><LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart></div>);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('host').textContent).toBe('');
    first.unmount();

    render(<LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart>);
    await screen.findByText('Hello');
    expect(load).toHaveBeenCalledTimes(2);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('does not fetch again by itself while the failure stands', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const Lazy = lazyRetrying<{ text: string }>(load);
    const onFailed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart>);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
