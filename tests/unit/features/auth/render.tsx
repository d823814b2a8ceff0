import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { messages } from '../../../../src/locales/en/messages.po';

i18n.loadAndActivate({ locale: 'en', messages });

/** Renders a screen with English texts at `path` (path plus query); `history` lists the navigations. */
export function renderAt(ui: ReactElement, path = '/') {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const result = render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>{ui}</Router>
    </I18nProvider>,
  );
  return { ...result, location };
}
