import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { saveView } from '../../../../src/db/saved-views';
import { SubscriptionStatus } from '../../../../src/domain/products';
import CompanySubscriptionView, { PLANS_VIEW_KEY, subscriptionViewKey } from '../../../../src/features/subscriptions/CompanySubscriptionView';
import { goToCheckout } from '../../../../src/features/subscriptions/redirect';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { goOffline, renderAt, storeCompany } from '../companies/helpers';
import { ownedCompany } from '../companies/fixtures';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';
import { BASIC, PACK, PRO } from '../products/fixtures';
import { COMPANY, PERIOD_END, longDate, subscription } from './fixtures';

// Leaving the page for the checkout is the browser's business; here only the address it is sent to.
vi.mock('../../../../src/features/subscriptions/redirect', () => ({ goToCheckout: vi.fn() }));

const ON_SALE = [BASIC, { ...PRO, isActive: true }, PACK];
const CHECKOUT_URL = '/api/stripe/test-checkout/77777777-7777-4777-8777-777777777777';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser({ id: 'u1' });
  snackbars.items = [];
  vi.mocked(goToCheckout).mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.user = null;
  snackbars.items = [];
});

const noSubscription = () => json(404, { message: 'This company has no subscription' });
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;
const card = (name: string) => screen.getAllByTestId('plan-card').find((el) => within(el).getByRole('heading').textContent === name)!;
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

function open(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /product/active': () => json(200, ON_SALE),
    [`GET /subscription/${COMPANY}`]: () => json(200, subscription()),
    ...routes,
  });
  renderAt(<CompanySubscriptionView companyId={COMPANY} />, `/company?companyId=${COMPANY}&view=subscription`);
  return fetchMock;
}

describe('CompanySubscriptionView: plans', () => {
  it("shows the plans in two groups with '$'+price+'/year' for subscriptions and '$'+price for token packs, and what each grants", async () => {
    open({ [`GET /subscription/${COMPANY}`]: noSubscription });
    const yearly = await screen.findByTestId('plans-subscription');
    expect(within(yearly).getByRole('heading', { level: 2 }).textContent).toBe('Subscription plans');
    expect(within(yearly).getAllByTestId('plan-price').map((p) => p.textContent)).toEqual(['$99/year', '$299.50/year']);
    const packs = screen.getByTestId('plans-one-time');
    expect(within(packs).getByRole('heading', { level: 2 }).textContent).toBe('Token packs');
    expect(within(packs).getByTestId('plan-price').textContent).toBe('$49');
    expect(within(card('Basic')).getByTestId('plan-grants').textContent).toContain('5 listing tokens a year');
    expect(within(card('Basic')).getByTestId('plan-grants').textContent).toContain('50 event clicks a year');
    expect(within(card('Token pack')).getByTestId('plan-grants').textContent).toContain('3 extra listing tokens');
    expect(within(card('Basic')).getByRole('button', { name: 'Choose Basic' })).toBeTruthy();
    expect(within(card('Token pack')).getByRole('button', { name: 'Buy Token pack' })).toBeTruthy();
  });

  it('Choose asks for a checkout session for the plan and the company and sends the browser to its address', async () => {
    const fetchMock = open({
      [`GET /subscription/${COMPANY}`]: noSubscription,
      'POST /stripe/create-checkout-session': () => json(200, { url: CHECKOUT_URL }),
    });
    await screen.findByTestId('plans-subscription');
    fireEvent.click(within(card('Pro')).getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    const [call] = calls(fetchMock, '/stripe/create-checkout-session');
    expect(bodyOf(call!)).toEqual({ productId: PRO.id, companyId: COMPANY });
  });

  it('a failed checkout is silent to the user, logged, and the button is idle again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open({
      [`GET /subscription/${COMPANY}`]: noSubscription,
      'POST /stripe/create-checkout-session': () => json(409, { message: 'This product is not for sale' }),
    });
    await screen.findByTestId('plans-subscription');
    const choose = within(card('Basic')).getByRole('button', { name: 'Choose Basic' }) as HTMLButtonElement;
    fireEvent.click(choose);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(choose.disabled).toBe(false));
    expect(choose.getAttribute('aria-busy')).toBeNull();
    expect(goToCheckout).not.toHaveBeenCalled();
    expect(snackbars.items).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the running plan and does not offer to buy it again', async () => {
    open();
    await screen.findByTestId('current-plan-name');
    expect(within(card('Basic')).getByRole('button', { name: 'Basic is your plan' }).hasAttribute('disabled')).toBe(true);
    expect((within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('CompanySubscriptionView: the current plan', () => {
  it('without a subscription (404) says there is no plan yet, not an error', async () => {
    open({ [`GET /subscription/${COMPANY}`]: noSubscription });
    await screen.findByTestId('no-plan');
    expect(screen.getByTestId('no-plan').textContent).toBe('No plan yet');
    expect(screen.queryByText('Failed to fetch subscription status')).toBeNull();
  });

  it('shows the plan, its status, the event clicks and listing tokens left, the reset date and the extras from token packs', async () => {
    await storeCompany(ownedCompany(COMPANY, { listingTokens: 3, eventClickTokens_Extras: 30 }));
    open();
    expect((await screen.findByTestId('current-plan-name')).textContent).toBe('Basic');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByTestId('event-clicks-left').textContent).toBe('42');
    expect(screen.getByTestId('listing-tokens-left').textContent).toBe('4');
    expect(screen.getByTestId('resets-on').textContent).toBe(`Resets on ${longDate(PERIOD_END)}`);
    expect(screen.getByTestId('extra-listing-tokens').textContent).toBe('3');
    expect(screen.getByTestId('extra-event-clicks').textContent).toBe('30');
  });

  it.each([
    [SubscriptionStatus.Cancelled, 'Cancelled'], [SubscriptionStatus.PastDue, 'Past due'], [SubscriptionStatus.Incomplete, 'Incomplete'],
    [SubscriptionStatus.IncompleteExpired, 'Incomplete (expired)'], [SubscriptionStatus.Unpaid, 'Unpaid'],
  ])('labels status %i as %s', async (status, label) => {
    open({ [`GET /subscription/${COMPANY}`]: () => json(200, subscription({ status })) });
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(label);
  });

  it.each([
    [SubscriptionStatus.PastDue, 'The last renewal payment did not go through'],
    [SubscriptionStatus.Incomplete, 'The first payment was not completed'],
    [SubscriptionStatus.Unpaid, "The payment failed and the plan's benefits are suspended"],
  ])('tells the owner what to do for status %i', async (status, advice) => {
    open({ [`GET /subscription/${COMPANY}`]: () => json(200, subscription({ status })) });
    expect((await screen.findByTestId('payment-problem')).textContent).toContain(advice);
  });

  it('says nothing about payments for an Active plan', async () => {
    open();
    await screen.findByTestId('current-plan-name');
    expect(screen.queryByTestId('payment-problem')).toBeNull();
  });

  it("shows 'Failed to fetch subscription status' with Try Again when the server fails", async () => {
    let fail = true;
    open({ [`GET /subscription/${COMPANY}`]: () => (fail ? json(403, { message: 'You do not have access to this company' }) : json(200, subscription())) });
    await screen.findByText('Failed to fetch subscription status');
    expect(screen.getByText('You do not have access to this company')).toBeTruthy();
    fail = false;
    fireEvent.click(within(screen.getByTestId('subscription-error')).getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('current-plan-name');
  });
});

describe('CompanySubscriptionView: cancel, pause, resume', () => {
  it('cancel asks first (cannot be undone, benefits until the period end), then shows Cancelled with the benefits-until date', async () => {
    const fetchMock = open({
      [`POST /subscription/${COMPANY}/cancel`]: () => json(200, subscription({ status: SubscriptionStatus.Cancelled, cancelAtPeriodEnd: true })),
    });
    fireEvent.click(await screen.findByTestId('subscription-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(dialog.textContent).toContain(`stay until the period ends on ${longDate(PERIOD_END)}`);
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, `/subscription/${COMPANY}/cancel`)).toHaveLength(1);
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled');
    expect(screen.getByTestId('benefits-until').textContent).toBe(`Cancelled: the benefits stay until ${longDate(PERIOD_END)}.`);
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
    expect(screen.queryByTestId('subscription-pause')).toBeNull();
  });

  it("says 'Failed to cancel subscription' in the dialog when the cancel fails", async () => {
    open({ [`POST /subscription/${COMPANY}/cancel`]: () => json(502, { message: 'The payment provider refused' }) });
    fireEvent.click(await screen.findByTestId('subscription-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    await within(dialog).findByText('Failed to cancel subscription: The payment provider refused');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('pause needs a reason (with a counter), sends it, and shows the subscription paused with its reason', async () => {
    const fetchMock = open({
      [`POST /subscription/${COMPANY}/pause`]: (init) => {
        const { reason } = JSON.parse(String(init.body)) as { reason: string };
        return json(200, subscription({ paused: true, pauseReason: reason }));
      },
    });
    fireEvent.click(await screen.findByTestId('subscription-pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause subscription' });
    const confirm = within(dialog).getByTestId('pause-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const reason = within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(500);
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: ' Closed for winter ' } });
    expect(within(dialog).getByTestId('pause-reason-count').textContent).toBe('19/500 characters');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls(fetchMock, `/subscription/${COMPANY}/pause`)[0]!)).toEqual({ reason: 'Closed for winter' });
    expect(screen.getByTestId('pause-reason-shown').textContent).toBe('Paused because: Closed for winter');
    expect(screen.queryByTestId('subscription-pause')).toBeNull();
    expect(screen.getByTestId('subscription-resume')).toBeTruthy();
  });

  it("keeps the pause dialog and its reason with 'Failed to pause subscription' when the pause fails", async () => {
    open({ [`POST /subscription/${COMPANY}/pause`]: () => json(409, { message: 'The subscription is already paused' }) });
    fireEvent.click(await screen.findByTestId('subscription-pause'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause subscription' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Winter' } });
    fireEvent.click(within(dialog).getByTestId('pause-confirm'));
    await within(dialog).findByText('Failed to pause subscription: The subscription is already paused');
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Winter');
  });

  it("resumes a paused subscription, and says 'Failed to resume subscription' when that fails", async () => {
    let fail = true;
    const fetchMock = open({
      [`GET /subscription/${COMPANY}`]: () => json(200, subscription({ paused: true, pauseReason: 'Winter' })),
      [`POST /subscription/${COMPANY}/resume`]: () => (fail ? json(500, { message: 'boom' }) : json(200, subscription())),
    });
    fireEvent.click(await screen.findByTestId('subscription-resume'));
    await waitFor(() => expect(snackbars.items.map((s) => s.message)).toEqual(['Failed to resume subscription: boom']));
    expect(snackbars.items[0]!.severity).toBe('error');
    fail = false;
    fireEvent.click(button('subscription-resume'));
    await screen.findByTestId('subscription-pause');
    expect(screen.queryByTestId('pause-reason-shown')).toBeNull();
    expect(calls(fetchMock, `/subscription/${COMPANY}/resume`)).toHaveLength(2);
  });
});

describe('CompanySubscriptionView: offline', () => {
  it('shows the plans and subscription last seen on this device, says they may be out of date, and turns buying and changes off', async () => {
    await saveView('u1', PLANS_VIEW_KEY, ON_SALE, Date.UTC(2026, 2, 1, 12));
    await saveView('u1', subscriptionViewKey(COMPANY), subscription(), Date.UTC(2026, 2, 2, 12));
    goOffline();
    const fetchMock = open();
    expect((await screen.findByTestId('current-plan-name')).textContent).toBe('Basic');
    expect(screen.getByTestId('event-clicks-left').textContent).toBe('42');
    expect(screen.getByTestId('subscription-offline').textContent).toContain('They may be out of date.');
    expect(screen.getByTestId('subscription-locked').textContent)
      .toBe('You are offline. Buying a plan and changing the subscription need a connection.');
    expect(button('subscription-cancel').disabled).toBe(true);
    expect(button('subscription-pause').disabled).toBe(true);
    expect((within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what it fetched for the next time offline', async () => {
    open();
    await screen.findByTestId('current-plan-name');
    await waitFor(async () => {
      expect((await db.savedViews.get(['u1', subscriptionViewKey(COMPANY)]))?.value).toEqual(subscription());
      expect((await db.savedViews.get(['u1', PLANS_VIEW_KEY]))?.value).toEqual(ON_SALE);
    });
  });

  it('offline with nothing kept says so, with Try Again', async () => {
    goOffline();
    open();
    await screen.findByText('Failed to fetch subscription status');
    expect(screen.getAllByText('You are offline, and this device has no saved copy.')).toHaveLength(2);
    expect(within(screen.getByTestId('subscription-error')).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
