import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TopBar } from '../../../../src/app/TopBar';
import { db } from '../../../../src/db/database';
import { chatScope } from '../../../../src/db/chats';
import { session } from '../../../../src/state/session';
import { makeUser } from '../profile/helpers';
import { renderAt } from '../planner/helpers';
import { chatRow, store } from './helpers';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
});
afterEach(() => {
  session.user = null;
});

describe('the Messages menu entry', () => {
  it('carries the unread count over the customer’s and the companies’ chats, named for screen readers', async () => {
    await store([chatRow('a', { unreadCount: 2 }), chatRow('b', { unreadCount: 1, scope: chatScope('co-1'), side: 'company' }), chatRow('c', { userId: 'other', unreadCount: 5 })]);
    renderAt(<TopBar />, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const link = await screen.findByRole('link', { name: 'Messages (3 unread messages)' });
    expect(link.getAttribute('href')).toBe('/messages');
    await act(() => db.chats.update('a', { unreadCount: 0 }));
    await screen.findByRole('link', { name: 'Messages (1 unread message)' });
    await act(() => db.chats.update('b', { unreadCount: 0 }));
    await screen.findByRole('link', { name: 'Messages' });
    expect(screen.queryByTestId('messages-unread-badge')).toBeNull();
  });
});
