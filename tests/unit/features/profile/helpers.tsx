import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages } from '../../../../src/locales/en/messages.po';
import { defaultNotificationPreferences, type User } from '../../../../src/domain/user';

export function activateEnglish(): void {
  i18n.loadAndActivate({ locale: 'en', messages });
}

export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'nora@example.org',
    firstName: 'Nora',
    lastName: 'Berg',
    fullName: 'Nora Berg',
    phoneNumber: '+47 12345678',
    phoneNumberConfirmed: false,
    dateOfBirth: '1995-06-01',
    gender: null,
    profilePictureId: null,
    address: 'Storgata 1',
    zipCode: '0155',
    city: 'Oslo',
    roles: [],
    notificationPreferences: defaultNotificationPreferences(),
    version: 1,
    ...overrides,
  };
}
