import type { Page } from 'playwright-core';
import { launchBrowser } from './harness';

/**
 * A first visit on a slow phone (412 px, 4× CPU, a fresh profile: no worker, nothing in Dexie):
 * opens `url`, waits for `ready`, and returns the layout shifts seen, summed like CLS, with their
 * sources for the failure message.
 */
export async function firstVisitLayoutShift(url: string, ready: (page: Page) => Promise<void>): Promise<{ total: number; shifts: string[] }> {
  const fresh = await launchBrowser();
  try {
    const page = await fresh.context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await (await fresh.context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
          w.shifts.push(`${e.value.toFixed(3)} ${e.sources.map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80)).join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    return { total: shifts.reduce((sum, s) => sum + Number(s.split(' ')[0]), 0), shifts };
  } finally {
    await fresh.close();
  }
}
