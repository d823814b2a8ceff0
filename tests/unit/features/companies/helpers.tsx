import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { messages } from '../../../../src/locales/en/messages.po';
import { db, type StoredOwnedCompany } from '../../../../src/db/database';
import type { OwnedCompany } from '../../../../src/domain/companies';

i18n.loadAndActivate({ locale: 'en', messages });

/** Renders a screen with English texts at `path`; `location.history` lists the navigations. */
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

/** A company of user `userId` stored on this device, as a pull leaves it. */
export async function storeCompany(company: OwnedCompany, userId = 'u1'): Promise<StoredOwnedCompany> {
  const row = { ...company, userId, fetchedAt: 1 };
  await db.ownCompanies.put(row);
  return row;
}

/** The browser says it is offline (the app's request() then fails at once, without fetching). */
export const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
