import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { describe, expect, it, beforeAll } from 'vitest';
import { messages as en } from '../../../src/locales/en/messages.po';
import { ErrorPage } from '../../../src/features/errors/ErrorPage';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('error pages', () => {
  it.each([[403, 'Access Denied'], [404, 'Page Not Found'], [500, 'Internal Server Error']] as const)('%s shows %s and Go Home', (code, title) => {
    render(<I18nProvider i18n={i18n}><ErrorPage code={code} /></I18nProvider>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});
