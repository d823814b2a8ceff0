import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import PaymentSuccessPage from '../../../../src/features/subscriptions/PaymentSuccessPage';
import { session } from '../../../../src/state/session';
import { ownedCompany } from '../companies/fixtures';
import { renderAt } from '../companies/helpers';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';
import { BASIC } from '../products/fixtures';
import { COMPANY } from './fixtures';

const URL_PAID = `/company/order-complete/success?companyId=${COMPANY}&productId=${BASIC.id}`;
const COMPANY_HREF = `/company?companyId=${COMPANY}`;
const second = () => act(() => vi.advanceTimersByTime(1000));

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser({ id: 'u1' });
  // Only the countdown's interval is faked: Dexie and the fetch stubs run on real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.user = null;
});

function open(path = URL_PAID) {
  const fetchMock = stubApi({
    'GET /product/active': () => json(200, [BASIC]),
    [`GET /company/${COMPANY}`]: () => json(200, ownedCompany(COMPANY, { listingTokens: 3, createdById: 'u1' })),
  });
  return { fetchMock, ...renderAt(<PaymentSuccessPage />, path) };
}

describe('PaymentSuccessPage', () => {
  it('says the payment succeeded, names the product and refreshes the company on this device', async () => {
    const { fetchMock } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeTruthy();
    expect((await screen.findByTestId('paid-product')).textContent).toBe('Thank you for buying Basic.');
    expect(calls(fetchMock, `/company/${COMPANY}`)).toHaveLength(1);
    await waitFor(async () => expect((await db.ownCompanies.get(COMPANY))?.listingTokens).toBe(3));
  });

  it('counts down 10 s, announced once, then goes to the company; Go now goes there at once', async () => {
    const { location } = open();
    const countdown = () => screen.getByTestId('redirect-countdown').textContent;
    const announcement = screen.getByTestId('redirect-announcement');
    expect(countdown()).toBe('Taking you to your company in 10 s…');
    expect(screen.getByTestId('redirect-countdown').getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(announcement.textContent).toBe('Taking you to your company in 10 seconds.'));
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe(COMPANY_HREF);
    second();
    expect(countdown()).toBe('Taking you to your company in 9 s…');
    // The live region keeps its one sentence while the visible number changes.
    expect(announcement.textContent).toBe('Taking you to your company in 10 seconds.');
    for (let i = 0; i < 8; i += 1) second();
    expect(countdown()).toBe('Taking you to your company in 1 s…');
    expect(location.history.at(-1)).toBe(URL_PAID);
    second();
    expect(location.history.at(-1)).toBe(COMPANY_HREF);
  });

  it('Stay on this page stops the countdown for good (a timed move can be stopped)', async () => {
    const { location } = open();
    second();
    act(() => screen.getByRole('button', { name: 'Stay on this page' }).click());
    expect(screen.queryByTestId('redirect-countdown')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('redirect-announcement').textContent).toBe('You stay on this page.'));
    for (let i = 0; i < 15; i += 1) second();
    expect(location.history.at(-1)).toBe(URL_PAID);
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe(COMPANY_HREF);
  });

  it('without a company goes to the companies list', () => {
    const { location } = open(`/company/order-complete/success?productId=${BASIC.id}`);
    expect(location.history.at(-1)).toBe('/companies');
  });
});
