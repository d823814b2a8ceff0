import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { AppRoutes, preloadScreen } from '../../../src/app/routes';

beforeAll(() => initI18n('en'));

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(<I18nProvider i18n={i18n}><Router hook={location.hook}><AppRoutes /></Router></I18nProvider>);
}

describe('screens loaded ahead (preloadScreen)', () => {
  it('renders a preloaded screen in the first commit, with its messages, instead of the spinner', async () => {
    await preloadScreen('/contact-us');
    await act(async () => renderAt('/contact-us'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact us');
  });

  it('matches patterns with parameters and wildcards, and resolves for addresses without a screen', async () => {
    await expect(preloadScreen('/listings')).resolves.toBeUndefined();
    await expect(preloadScreen('/no-such-page')).resolves.toBeUndefined();
  });

  it('shows the spinner first for a screen nobody loaded ahead', async () => {
    renderAt('/advertise');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await screen.findByRole('heading', { level: 1 });
  });
});
