import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_RETRY_AFTER_MS, lazyComponent } from '../../../src/ui/lazyComponent';
import { LazyPart } from '../../../src/ui/LazyPart';

function Dialog({ text }: { text: string }) {
  return <p>{text}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('LazyPart and lazyComponent', () => {
  it('calls onFailed and renders nothing when the chunk cannot be fetched, then loads on a later mount', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Dialog }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Dialog });
    const Lazy = lazyComponent(load);
    const onFailed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = render(<div data-testid="host"><LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart></div>);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('host').textContent).toBe('');
    first.unmount();

    // Opened again within the retry pause: still the failure, no new fetch.
    const again = render(<LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart>);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(1);
    again.unmount();

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + LAZY_RETRY_AFTER_MS);
    render(<LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart>);
    await screen.findByText('Hello');
    expect(load).toHaveBeenCalledTimes(2);
    expect(onFailed).toHaveBeenCalledTimes(2);
  });

  it('renders a preloaded component in its first commit', async () => {
    const Lazy = lazyComponent(async () => ({ default: Dialog }));
    await Lazy.preload();
    render(<LazyPart onFailed={() => {}}><Lazy text="At once" /></LazyPart>);
    expect(screen.getByText('At once')).toBeTruthy();
  });

  it('does not fetch again by itself while the failure stands', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const Lazy = lazyComponent<{ text: string }>(load);
    const onFailed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LazyPart onFailed={onFailed}><Lazy text="Hello" /></LazyPart>);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
