import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { messages as en } from '../../../src/locales/en/messages.po';
import { messages as noShell } from 'virtual:catalog/no/shell';
import { TopBar } from '../../../src/app/TopBar';
import type { User } from '../../../src/domain/user';
import { session, setUser } from '../../../src/state/session';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

function renderBar() {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}><TopBar /><p>Outside</p></Router>
    </I18nProvider>,
  );
  return location;
}

describe('the top bar’s phone menu', () => {
  it('is a button with aria-expanded controlling the panel, closed at first', () => {
    renderBar();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(screen.getByTestId('mobile-menu').id);
    fireEvent.click(button);
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });

  it('closes on Escape with focus back on the button, and on a press outside the bar', () => {
    renderBar();
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    screen.getByTestId('mobile-menu').querySelector('a')!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    // Another widget's Escape (it prevented the default) leaves the menu open.
    fireEvent.click(button);
    const other = document.createElement('input');
    document.body.append(other);
    other.addEventListener('keydown', (e) => e.preventDefault());
    other.focus();
    fireEvent.keyDown(other, { key: 'Escape' });
    expect(screen.getByTestId('mobile-menu')).toBeTruthy();
    other.remove();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByTestId('mobile-menu'));
    expect(screen.getByTestId('mobile-menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });

  it('closes when a link navigates, and when the address changes some other way', () => {
    const location = renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getAllByRole('link', { name: 'Contact us' }).at(-1)!);
    expect(location.history.at(-1)).toBe('/contact-us');
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    act(() => location.navigate('/advertise'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });
});

describe('the top bar in Norwegian with the shell half of the catalog only (as on a first load)', () => {
  it('has every text translated: the shell catalog holds the top bar’s messages', () => {
    i18n.loadAndActivate({ locale: 'no', messages: noShell });
    try {
      renderBar();
      fireEvent.click(screen.getByRole('button', { name: 'Meny' }));
      const panel = screen.getByTestId('mobile-menu');
      expect([...panel.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Hjem', 'Annonser hos oss', 'Kontakt oss', 'Logg inn']);
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: en });
    }
  });
});

describe('the signed-in user in the top bar', () => {
  const user = (profilePictureId: string | null) => ({
    id: 'u1', email: 'ingrid@example.org', firstName: 'Ingrid', lastName: 'Fjell', fullName: 'Ingrid Fjell', roles: [],
    profilePictureId,
  }) as unknown as User;
  afterEach(() => {
    session.user = null;
  });

  it('shows the profile picture once the session user has one, the initials before', async () => {
    session.user = user(null);
    renderBar();
    const menuAvatar = await screen.findByTestId('user-menu-avatar');
    expect(menuAvatar.dataset.state).toBe('initials');
    expect(menuAvatar.textContent).toBe('IF');
    // An upload stores the new profile into the session (storeProfile → setUser): the bar follows.
    act(() => setUser(user('f0000000-0000-4000-8000-000000000001')));
    await vi.waitFor(() => expect(screen.getByTestId('user-menu-avatar').dataset.state).toBe('image'));
    expect(screen.getByTestId('user-menu-avatar').getAttribute('src')).toBe('/api/files/f0000000-0000-4000-8000-000000000001?width=64');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByTestId('mobile-menu-avatar').getAttribute('src')).toBe('/api/files/f0000000-0000-4000-8000-000000000001?width=96');
  });
});
