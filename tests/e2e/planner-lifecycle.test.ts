import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, EventType, type EventInput, type EventRegion, type PlannerEvent } from '../../src/domain/events';
import type { Region } from '../../src/domain/locations';
import type { Category, CategoryService } from '../../src/domain/taxonomy';
import type { AuthResponse } from '../../src/domain/user';
import { seriousViolations } from './axe';
import { launchBrowser, useServerAndBrowser } from './harness';
import { loginAs } from './session';

const PLANNER = 'user@example.com';
const ADMIN = 'admin@example.com';
const PHONE = { width: 390, height: 844 };

const env = useServerAndBrowser();
// The admin in a browser of their own: one profile holds one session, and the planner keeps theirs.
let adminBrowser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  adminBrowser = await launchBrowser();
});
afterAll(async () => {
  await adminBrowser?.close();
});

/** A JSON call to the running server as `token`'s user; answers the status with the body (null when empty). */
async function request<T>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${env.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** As `request`, throwing on anything but 2xx. */
async function call<T>(token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const answer = await request<T>(token, method, path, body, headers);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${env.server.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as AuthResponse).accessToken;
}

/** A complete wedding awaiting approval, made through the API as the planner: the first region's first county, one service. */
async function seedAwaitingEvent(token: string, name: string): Promise<PlannerEvent> {
  const [region] = await call<Region[]>(token, 'GET', '/locations');
  const [category] = await call<Category[]>(token, 'GET', '/category');
  if (!region || !category) throw new Error('The demo data has no region or no category');
  const [service] = await call<CategoryService[]>(token, 'GET', `/categoryService?categoryId=${category.id}`);
  if (!service) throw new Error(`Category ${category.name} has no services`);
  const eventLocations: EventRegion[] = [{
    id: region.id, name: region.name, isSelected: false,
    counties: region.counties.map((c, i) => ({ id: c.id, name: c.name, regionId: region.id, isSelected: i === 0 })),
  }];
  const input: EventInput & { id: string } = {
    id: crypto.randomUUID(),
    eventType: EventType.Wedding,
    eventConfig: { eventName: name, startDate: '2027-08-14', endDate: '2027-08-15', numberOfAttendees: 60, budget: 25000, description: 'A late-summer wedding.' },
    eventLocations,
    eventCategories: [{ id: category.id, name: category.name }],
    selectedServices: {
      [category.id]: {
        categoryServices: [{ id: service.id, name: service.name, groupName: service.groupName || null, isSelected: true, description: null }],
        subCategories: [],
      },
    },
    status: EventStatus.AwaitingApproval,
  };
  const created = await call<PlannerEvent>(token, 'POST', '/PlannerEvent', input);
  expect(created.status).toBe(EventStatus.AwaitingApproval);
  return created;
}

async function phonePage(context: typeof env.browser.context, email: string): Promise<{ page: Page; token: string }> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  const auth = await loginAs(page, env.server.url, email);
  return { page, token: auth.accessToken };
}

/** The planner's list with one status filter chosen (the radios are visually hidden inside their labels). */
async function openPlanner(page: Page, filter: 'Pending' | 'Rejected' | 'Approved') {
  await page.goto(`${env.server.url}/planner`);
  await page.getByRole('heading', { level: 1, name: 'Event Planner' }).waitFor();
  await page.getByRole('radio', { name: filter }).check({ force: true });
}

const cardOf = (page: Page, name: string) => page.getByTestId('event-card').filter({ has: page.getByTestId('event-name').getByText(name, { exact: true }) });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('the planner\'s event after the admin decides, on a 390 px phone', () => {
  it('a rejected event shows the admin\'s reason under Rejected and, once deletion is confirmed, is gone from the server', async () => {
    const base = env.server.url;
    const name = `Harbour reunion ${Date.now()}`;
    const reason = 'The budget does not cover the number of attendees';
    const { page: planner, token } = await phonePage(env.browser.context, PLANNER);
    const event = await seedAwaitingEvent(token, name);

    // Before the decision the planner sees it pending.
    await openPlanner(planner, 'Pending');
    expect(await cardOf(planner, name).getByTestId('event-status').textContent()).toBe('Pending Approval');

    // The admin rejects it with a reason; confirming needs a reason that is not blank.
    const { page: admin } = await phonePage(adminBrowser.context, ADMIN);
    await admin.goto(`${base}/admin/approvals/events`);
    await admin.getByRole('heading', { level: 1, name: 'Event approvals' }).waitFor();
    await admin.getByTestId('approval-card').filter({ hasText: name })
      .getByRole('link', { name: `Review Event ${name}` }).click();
    await admin.waitForURL(`${base}/admin/approvals/events/${event.id}`);
    await admin.getByRole('heading', { level: 1, name }).waitFor();
    await admin.getByRole('button', { name: 'Reject Event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this event?' });
    const reasonField = dialog.getByLabel('Reason for rejection');
    await reasonField.waitFor();
    const confirmReject = dialog.getByTestId('confirm-reject');
    expect(await confirmReject.isDisabled()).toBe(true);
    await reasonField.fill(' \n  ');
    expect(await confirmReject.isDisabled()).toBe(true);
    await reasonField.fill(reason);
    expect(await confirmReject.isEnabled()).toBe(true);
    await confirmReject.click();
    await admin.waitForURL(`${base}/admin/approvals/events`);
    await snackbar(admin, 'Event rejected').waitFor();
    await admin.getByTestId('approval-card').filter({ hasText: name }).waitFor({ state: 'detached' });
    await admin.close();

    // The planner opens the list again: under Rejected, the card with the reason, and no longer under Pending.
    await openPlanner(planner, 'Rejected');
    const card = cardOf(planner, name);
    await card.getByTestId('rejection-reason').waitFor();
    expect(await card.getByTestId('rejection-reason').textContent()).toBe(`Rejected: ${reason}`);
    expect(await card.getByTestId('event-status').textContent()).toBe('Rejected');
    expect(await card.getByRole('button', { name: `Cancel ${name}` }).count()).toBe(0);
    expect(await planner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(planner)).toEqual([]);
    await planner.getByRole('radio', { name: 'Pending' }).check({ force: true });
    await cardOf(planner, name).waitFor({ state: 'detached' });
    await planner.getByRole('radio', { name: 'Rejected' }).check({ force: true });

    // Delete asks first: Keep Event leaves it, here and on the server.
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = planner.getByRole('dialog', { name: 'Delete this event?' });
    await confirm.getByText(`"${name}" will be deleted. This cannot be undone.`).waitFor();
    expect(await seriousViolations(planner)).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep Event' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);
    expect((await request(token, 'GET', `/PlannerEvent/${event.id}`)).status).toBe(200);

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByTestId('confirm-event-action').click();
    await snackbar(planner, 'Event deleted').waitFor();
    await card.waitFor({ state: 'detached' });

    // The server no longer has it, and a fresh list does not bring it back.
    expect((await request(token, 'GET', `/PlannerEvent/${event.id}`)).status).toBe(404);
    const mine = await call<PlannerEvent[]>(token, 'GET', '/PlannerEvent');
    expect(mine.some((e) => e.id === event.id)).toBe(false);
    await openPlanner(planner, 'Rejected');
    await planner.getByTestId('planner-events').or(planner.getByTestId('planner-empty')).first().waitFor();
    expect(await cardOf(planner, name).count()).toBe(0);
    await planner.close();
  });

  it('editing an approved event warns that it goes back to approval, and the saved edit is pending again with one PUT', async () => {
    const base = env.server.url;
    const name = `Glacier gala ${Date.now()}`;
    const renamed = `${name} (moved indoors)`;
    const { page: planner, token } = await phonePage(env.browser.context, PLANNER);
    const seeded = await seedAwaitingEvent(token, name);
    const adminToken = await login(ADMIN);
    const approved = await call<PlannerEvent>(adminToken, 'POST', '/approval',
      { id: seeded.id, approved: true, type: 300, rejectionMessage: null }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(approved.status).toBe(EventStatus.Approved);

    // It is on this device (the list pulled it) under Approved.
    await openPlanner(planner, 'Approved');
    expect(await cardOf(planner, name).getByTestId('event-status').textContent()).toBe('Approved');

    // Every write of this event from the page from here on.
    const writes: string[] = [];
    // Sent alone, or inside a sync push (POST /api/sync/push carries queued event writes in order).
    const track = (req: Request) => {
      const path = new URL(req.url()).pathname;
      if (path === `/api/PlannerEvent/${seeded.id}` && req.method() !== 'GET') writes.push(req.method());
      if (path === '/api/sync/push' && req.method() === 'POST') {
        const { writes: pushed } = req.postDataJSON() as { writes: Array<{ method: string; path: string }> };
        for (const w of pushed) if (w.path === `/PlannerEvent/${seeded.id}`) writes.push(w.method);
      }
    };
    env.browser.context.on('request', track);
    try {
      await planner.goto(`${base}/planner/event?id=${seeded.id}`);
      await planner.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
      const warning = planner.getByTestId('approved-warning');
      await warning.getByText('After editing, it returns to Awaiting Approval until an administrator approves it again.').waitFor();
      expect(await planner.getByTestId('wizard-steps').count()).toBe(0);
      expect(await seriousViolations(planner)).toEqual([]);
      await warning.getByRole('button', { name: 'Continue Editing' }).click();

      // Step 1 shows the event's type; choosing it goes on.
      const wedding = planner.getByRole('button', { name: 'Wedding' });
      expect(await wedding.getAttribute('aria-pressed')).toBe('true');
      await wedding.click();
      const next = planner.getByTestId('step-next');
      const nameField = field(planner, 'Event Name');
      expect(await nameField.inputValue()).toBe(name);
      await nameField.fill(renamed);
      await next.click();
      await planner.locator('[aria-current="step"][data-step="3"]').waitFor();
      await next.click();
      await planner.locator('[aria-current="step"][data-step="4"]').waitFor();
      await next.click();
      await planner.getByTestId('event-overview').getByText(renamed).waitFor();
      // Nothing was sent while the planner went through the steps (an approved event is not autosaved).
      expect(writes).toEqual([]);
      await planner.getByRole('button', { name: 'Save for Approval' }).click();
      await planner.getByRole('heading', { name: 'Your Event Has Been Created!' }).waitFor();
      await planner.waitForURL(`${base}/planner`, { timeout: 10_000 });

      // Under Pending, as Pending Approval with its new name; no longer under Approved.
      await planner.getByRole('radio', { name: 'Pending' }).check({ force: true });
      const card = cardOf(planner, renamed);
      await card.waitFor();
      expect(await card.getByTestId('event-status').textContent()).toBe('Pending Approval');
      await card.getByTestId('event-sync').waitFor({ state: 'detached' });
      await planner.getByRole('radio', { name: 'Approved' }).check({ force: true });
      await cardOf(planner, name).waitFor({ state: 'detached' });
      await cardOf(planner, renamed).waitFor({ state: 'detached' });
    } finally {
      env.browser.context.off('request', track);
    }

    const onServer = await call<PlannerEvent>(token, 'GET', `/PlannerEvent/${seeded.id}`);
    expect(onServer).toMatchObject({ status: EventStatus.AwaitingApproval, approved: false, eventConfig: { eventName: renamed } });
    expect(writes).toEqual(['PUT']);
    // Back in the admin's queue.
    const queue = await call<PlannerEvent[]>(adminToken, 'GET', '/approval/300');
    expect(queue.some((e) => e.id === seeded.id && e.eventConfig.eventName === renamed)).toBe(true);
    await planner.close();
  });
});
