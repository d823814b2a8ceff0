import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordListingEvent, recordListingView } from '../../../src/api/statistics';
import { calls, json, stubApi } from '../sync/fixtures';

type Recorded = { listingId: string; eventType: string; metadata: Record<string, unknown> };
const bodies = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/ListingStatistics/record').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Recorded);

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('recordListingView', () => {
  it('sends nothing until the main thread is idle, then one view naming the address it was recorded at', async () => {
    const fetchMock = stubApi({ 'POST /ListingStatistics/record': () => json(204, null) });
    const idle: { task: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, options?: { timeout?: number }) => {
      idle.push({ task, timeout: options?.timeout });
      return idle.length;
    });
    window.history.replaceState(null, '', '/listing/l-1?from=search');
    recordListingView('l-1');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    // A page that never idles still sends it.
    expect(idle[0]!.timeout).toBe(2_000);

    // The visitor moved on before the idle moment: the view still names the listing's address.
    window.history.replaceState(null, '', '/favorites');
    idle[0]!.task();
    await vi.waitFor(() => expect(bodies(fetchMock)).toHaveLength(1));
    const [view] = bodies(fetchMock);
    expect(view).toMatchObject({ listingId: 'l-1', eventType: 'view' });
    expect(view!.metadata).toMatchObject({ path: '/listing/l-1?from=search', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    for (const key of ['deviceId', 'userAgent', 'browser', 'screenWidth', 'screenHeight', 'deviceType', 'language', 'referrer']) {
      expect(view!.metadata).toHaveProperty(key);
    }
  });

  it('falls back to the next task where there is no requestIdleCallback, and ignores a failing server', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const fetchMock = stubApi({ 'POST /ListingStatistics/record': () => json(500, { message: 'down' }) });
    recordListingView('l-2');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(calls(fetchMock, '/ListingStatistics/record').length).toBeGreaterThan(0));
  });
});

describe('recordListingEvent', () => {
  it('sends a click at once, with the page it happened on and its extras', async () => {
    const fetchMock = stubApi({ 'POST /ListingStatistics/record': () => json(204, null) });
    window.history.replaceState(null, '', '/listing/l-3');
    await recordListingEvent('l-3', 'linkOpen', { url: 'https://example.com' });
    expect(bodies(fetchMock)).toEqual([expect.objectContaining({
      listingId: 'l-3', eventType: 'linkopen', metadata: expect.objectContaining({ path: '/listing/l-3', url: 'https://example.com' }),
    })]);
  });
});

describe('the time zone of an event', () => {
  const freshModule = async () => {
    vi.resetModules();
    return await import('../../../src/api/statistics');
  };

  it('comes from Temporal where the browser has it, without building an Intl.DateTimeFormat', async () => {
    const timeZoneId = vi.fn(() => 'Europe/Oslo');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const { timeZone } = await freshModule();
      expect(timeZone()).toBe('Europe/Oslo');
      expect(timeZone()).toBe('Europe/Oslo');
      // Asked once per page.
      expect(timeZoneId).toHaveBeenCalledTimes(1);
      expect(dateTimeFormat).not.toHaveBeenCalled();
    } finally {
      dateTimeFormat.mockRestore();
    }
  });

  it("is Intl's where there is no Temporal", async () => {
    vi.stubGlobal('Temporal', undefined);
    const { timeZone } = await freshModule();
    expect(timeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
