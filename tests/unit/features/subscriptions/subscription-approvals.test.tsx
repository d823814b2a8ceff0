import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { SubscriptionStatus } from '../../../../src/domain/products';
import SubscriptionApprovalsPage from '../../../../src/features/subscriptions/SubscriptionApprovalsPage';
import { session } from '../../../../src/state/session';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { attention, longDate } from './fixtures';

const A1 = 'a1111111-1111-4111-8111-111111111111';
const A2 = 'a2222222-2222-4222-8222-222222222222';
const A3 = 'a3333333-3333-4333-8333-333333333333';
const C2 = 'c2222222-2222-4222-8222-222222222222';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

const open = () => renderAt(<SubscriptionApprovalsPage />, '/admin/approvals/subscriptions');

describe('SubscriptionApprovalsPage', () => {
  it('lists the subscriptions needing attention in the order given, with company, owner, plan, dates and what to do', async () => {
    stubApi({
      'GET /subscription': () => json(200, [
        attention(A1, { status: SubscriptionStatus.PastDue }),
        attention(A2, { status: SubscriptionStatus.Incomplete, companyId: C2, companyName: 'Beta Catering', ownerEmail: null, productName: 'Pro' }),
        attention(A3, { status: SubscriptionStatus.Unpaid, companyName: 'Gamma Hall' }),
      ]),
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions needing attention' })).toBeTruthy();
    const list = await screen.findByTestId('attention-list');
    const cards = within(list).getAllByTestId('attention-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Fjord Events', 'Beta Catering', 'Gamma Hall']);
    expect(screen.getByTestId('attention-count').textContent).toBe('3 subscriptions need attention');
    const [pastDue, incomplete, unpaid] = cards as [HTMLElement, HTMLElement, HTMLElement];

    const first = attention(A1);
    expect(within(pastDue).getByRole('link', { name: 'Fjord Events' }).getAttribute('href')).toBe(`/company-overview?companyId=${first.companyId}`);
    expect(within(pastDue).getByRole('link', { name: 'owner@example.com' }).getAttribute('href')).toBe('mailto:owner@example.com');
    expect(within(pastDue).getByTestId('attention-status').textContent).toBe('Past due');
    expect(within(pastDue).getByTestId('attention-plan').textContent).toBe('Basic');
    expect(within(pastDue).getByText(longDate(first.periodEnd))).toBeTruthy();
    expect(within(pastDue).getByText(longDate(first.updatedAt))).toBeTruthy();
    expect(within(pastDue).getByTestId('attention-advice').textContent).toContain('contact the owner to update their card');

    expect(within(incomplete).getByTestId('attention-status').textContent).toBe('Incomplete');
    expect(within(incomplete).getByTestId('attention-owner').textContent).toBe('Unknown');
    expect(within(incomplete).getByTestId('attention-advice').textContent).toContain('finish the checkout or choose the plan again');
    expect(within(unpaid).getByTestId('attention-status').textContent).toBe('Unpaid');
    expect(within(unpaid).getByTestId('attention-advice').textContent).toContain('benefits are suspended');
    expect(within(unpaid).getByTestId('attention-advice').textContent).toContain('a new purchase reactivates');
  });

  it("shows 'No subscriptions need attention' when there are none", async () => {
    stubApi({ 'GET /subscription': () => json(200, []) });
    open();
    await screen.findByText('No subscriptions need attention');
    expect(screen.getByRole('link', { name: 'Back to Admin Center' }).getAttribute('href')).toBe('/admin');
  });

  it('shows the failure with Try Again, which loads again', async () => {
    let fail = true;
    stubApi({ 'GET /subscription': () => (fail ? json(500, { message: 'boom' }) : json(200, [attention(A1)])) });
    open();
    await screen.findByText('Failed to fetch subscriptions');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('attention-list');
  });
});
