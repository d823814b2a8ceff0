import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlannerEvent } from '../../src/domain/events';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { storedCount } from './idb';
import { controlled } from './pwa-helpers';
import { loginAs } from './session';

const env = useServerAndBrowser();

/** The user's events as the server has them, read with the page's own token (the page must be online). */
async function eventsOnServer(page: Page): Promise<PlannerEvent[]> {
  return page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
    const res = await fetch('/api/PlannerEvent', { headers: { authorization: `Bearer ${accessToken}` } });
    return (await res.json()) as PlannerEvent[];
  });
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}( \\*)?$`));

describe('the planner offline on a phone', () => {
  it('an event drafted offline through all five steps survives a reload and reaches the server exactly once', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/planner`);
    await page.getByRole('heading', { name: 'Event Planner' }).waitFor();
    await controlled(page);
    for (const table of ['regions', 'categories']) {
      await expect.poll(() => storedCount(page, table), { timeout: 20_000 }).toBeGreaterThan(0);
    }
    const name = `Fjord wedding ${Date.now()}`;

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Create Event' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();
    await page.getByTestId('wizard-offline').waitFor();

    // 1: the type advances.
    await page.getByRole('button', { name: 'Wedding' }).click();
    // 2: the basics.
    const next = page.getByTestId('step-next');
    expect(await next.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await field(page, 'Event Name').fill(name);
    await field(page, 'Start Date').fill('2027-06-12');
    await field(page, 'End Date').fill('2027-06-13');
    await field(page, 'Number of Attendees').fill('80');
    await field(page, 'Budget ($)').fill('12000');
    await next.click();
    // 3: one county of the first region.
    await page.locator('[aria-current="step"][data-step="3"]').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Choose counties / }).first().click();
    await page.locator('[id^="event-counties-"] input[type="checkbox"]').first().check();
    await next.click();
    // 4: something of the first category.
    await page.locator('[aria-current="step"][data-step="4"]').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByTestId('services-step').getByRole('button').first().click();
    await page.locator('[id^="event-category-"] input[type="checkbox"]').first().check();
    await next.click();
    // 5: the overview, then Save for Approval.
    await page.getByTestId('event-overview').getByText(name).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save for Approval' }).click();
    await page.getByRole('heading', { name: 'Your Event Has Been Created!' }).waitFor();
    await page.getByText('Redirecting you back to the planner in 5 seconds...').waitFor();
    await page.waitForURL(`${env.server.url}/planner`, { timeout: 10_000 });

    // In the list (Pending), waiting to sync; still there after a reload without a connection.
    const card = () => page.getByTestId('event-card').filter({ hasText: name });
    await page.getByRole('radio', { name: 'Pending' }).check({ force: true });
    await card().getByTestId('event-sync').and(page.locator('[data-state="pending"]')).waitFor();
    expect(await card().getByTestId('event-status').textContent()).toBe('Pending Approval');
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Event Planner' }).waitFor();
    await page.getByRole('radio', { name: 'Pending' }).check({ force: true });
    await card().waitFor();
    await page.close();

    // The app opened again with a connection: the event is sent, once.
    await context.setOffline(false);
    const again = await context.newPage();
    await again.setViewportSize({ width: 390, height: 844 });
    await again.goto(`${env.server.url}/planner`);
    await again.getByRole('radio', { name: 'Pending' }).check({ force: true });
    const sent = again.getByTestId('event-card').filter({ hasText: name });
    await sent.waitFor();
    // The queue on the device drained (the sync note reads 'synced' before its first read, so it proves nothing alone).
    await expect.poll(() => storedCount(again, 'outbox'), { timeout: 20_000 }).toBe(0);
    const all = await eventsOnServer(again);
    const mine = all.filter((e) => e.eventConfig.eventName === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 100, eventType: 10, eventConfig: { startDate: '2027-06-12', endDate: '2027-06-13', numberOfAttendees: 80, budget: 12000 } });
    expect(mine[0]!.eventLocations.some((r) => r.counties.some((c) => c.isSelected))).toBe(true);
    expect(mine[0]!.eventCategories).toHaveLength(1);
    await sent.getByTestId('event-sync').waitFor({ state: 'detached' });
    await again.close();
  });
});
