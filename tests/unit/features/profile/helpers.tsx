import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages } from '../../../../src/locales/en/messages.po';
import { vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { db } from '../../../../src/db/database';
import { defaultNotificationPreferences, type User } from '../../../../src/domain/user';
import { session } from '../../../../src/state/session';
import { onWriteQueued } from '../../../../src/sync/outbox';
import { createReplayer } from '../../../../src/sync/replay';

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

type Handler = (body: unknown) => unknown | Promise<unknown>;

/**
 * The write queue as the app runs it, against stubbed API routes: queued profile edits are sent
 * at once by a replayer. A handler's return value is the 200 body; an ApiError it throws becomes
 * that status with its message and field errors; a TypeError is a network failure.
 */
export function queueBackend(routes: Record<string, Handler>) {
  const calls: Record<string, unknown[]> = {};
  vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname.replace(/^\/api/, '')}`;
    const handler = routes[key];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    (calls[key] ??= []).push(body);
    try {
      const answer = await handler(body);
      return new Response(JSON.stringify(answer ?? null), { status: 200, headers: { 'content-type': 'application/json' } });
    } catch (error) {
      if (error instanceof ApiError) {
        return new Response(JSON.stringify({ message: error.message, errors: error.errors }), { status: error.status, headers: { 'content-type': 'application/json' } });
      }
      throw error;
    }
  }));
  const replayer = createReplayer({ getUserId: () => session.user?.id ?? null, lock: (fn) => fn() });
  const off = onWriteQueued(() => void replayer.run());
  return {
    calls,
    stop: () => {
      off();
      replayer.stop();
      vi.unstubAllGlobals();
    },
  };
}

export async function resetDexie(): Promise<void> {
  await db.delete();
  await db.open();
}
