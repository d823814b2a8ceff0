import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { messages as noRest } from 'virtual:catalog/no/rest';
import { initI18n } from '../../../src/app/i18n';
import { AppRoutes, preloadScreen } from '../../../src/app/routes';

beforeEach(async () => {
  await initI18n('en');
  // A screen that fetches (the listing page) gets nothing back: only what renders first matters.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
  return () => vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(<I18nProvider i18n={i18n}><Router hook={location.hook}><AppRoutes /></Router></I18nProvider>);
}

describe('screens loaded ahead (preloadScreen)', () => {
  it('renders a preloaded screen in the first commit, with its messages, instead of the spinner', async () => {
    await preloadScreen('/contact-us', false);
    await act(async () => renderAt('/contact-us'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact us');
  });

  it('matches patterns with parameters: a preloaded listing page renders at once', async () => {
    // A UUID: any other id is 'Listing not found' at once, without a skeleton.
    const id = '0b6f1c1e-3a4d-4c59-9a57-1d2e3f405161';
    await preloadScreen(`/listing/${id}`, false);
    renderAt(`/listing/${id}`);
    expect(screen.getByTestId('listing-skeleton')).toBeTruthy();
  });

  it('shows the spinner first for a screen nobody loaded ahead', async () => {
    renderAt('/advertise');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await screen.findByRole('heading', { level: 1 });
  });

  it('does not load a login-only screen for a visitor without a session (the guard sends them to login)', async () => {
    await preloadScreen('/favorites', false);
    renderAt('/favorites');
    // Not loaded ahead: the first render suspends on it.
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => {
      await preloadScreen('/favorites', true);
    });
  });

  it('started right after initI18n, brings only the new language’s rest (a Norwegian deep link)', async () => {
    // Fresh modules: no rest of any catalog loaded yet in this "page".
    vi.resetModules();
    const fresh = await import('../../../src/app/i18n');
    const routes = await import('../../../src/app/routes');
    const loads = vi.spyOn(fresh.i18n, 'load');
    const ready = fresh.initI18n('no');
    await routes.preloadScreen('/terms-and-conditions', false);
    await ready;
    expect(fresh.i18n.locale).toBe('no');
    const restId = Object.keys(noRest)[0]!;
    expect(fresh.i18n.messages[restId]).toEqual(noRest[restId]);
    expect(loads.mock.calls.map(([locale]) => locale)).not.toContain('en');
  });
});
