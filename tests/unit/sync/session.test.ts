import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { db } from '../../../src/db/database';
import type { User } from '../../../src/domain/user';
import { clearSession, onSessionCleared, session } from '../../../src/state/session';
import { clearUserData } from '../../../src/sync/user-data';

let off: () => void = () => {};
beforeEach(async () => {
  await db.delete();
  await db.open();
  off = onSessionCleared(clearUserData);
});
afterEach(() => off());

describe('logout', () => {
  it('clears the favourites of the user who left, and only theirs', async () => {
    await db.favorites.bulkPut([
      { userId: 'u1', listingId: 'a', position: 0 },
      { userId: 'u1', listingId: 'b', position: 1 },
      { userId: 'u2', listingId: 'a', position: 0 },
    ]);
    session.user = { id: 'u1' } as User;
    clearSession();
    expect(session.user).toBeNull();
    await waitFor(async () => expect(await db.favorites.where('userId').equals('u1').count()).toBe(0));
    expect(await db.favorites.where('userId').equals('u2').count()).toBe(1);
  });

  it('a listener that is removed no longer runs', async () => {
    off();
    await db.favorites.put({ userId: 'u1', listingId: 'a', position: 0 });
    session.user = { id: 'u1' } as User;
    clearSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.favorites.count()).toBe(1);
  });
});
