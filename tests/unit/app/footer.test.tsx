import { fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { messages as en } from '../../../src/locales/en/messages.po';

const changeLocale = vi.hoisted(() => vi.fn());
vi.mock('../../../src/app/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/app/i18n')>()),
  changeLocale,
}));
// The footer's contact details come from the server's public settings: fixed here, no request.
vi.mock('../../../src/ui/siteSettings', () => ({
  useSiteSettings: () => ({ contactEmail: 'post@example.com', organisationNumber: '999 999 999' }),
}));
const { Footer } = await import('../../../src/app/Footer');

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: en }));
beforeEach(() => changeLocale.mockClear());

function renderFooter() {
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={memoryLocation({ path: '/' }).hook}><Footer /></Router>
    </I18nProvider>,
  );
  return screen.getByTestId('language-switch') as HTMLSelectElement;
}

describe('the footer’s language select', () => {
  it('switches to another language', () => {
    const select = renderFooter();
    fireEvent.change(select, { target: { value: 'no' } });
    expect(changeLocale).toHaveBeenCalledExactlyOnceWith('no');
  });

  it('does not reload for a change to the language the page has (React replaying a choice made while it hydrated)', () => {
    const select = renderFooter();
    expect(select.value).toBe('en');
    fireEvent.change(select, { target: { value: 'en' } });
    expect(changeLocale).not.toHaveBeenCalled();
  });
});
