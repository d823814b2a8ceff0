import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RS, RawSocket, negotiate, until, type HubTestServer, startHubServer } from './helpers/signalr-hub';

/**
 * What one user or connection may hold, and sessions that end while a connection is open: the
 * host's own rules beyond SIGNALR.md (a logged-out token must not keep a socket receiving).
 */
let server: HubTestServer;
const open: RawSocket[] = [];

beforeAll(async () => {
  server = await startHubServer({
    timings: { revalidateMs: 100, keepAliveMs: 60_000 },
    limits: { connectionsPerUser: 3, pendingInvocations: 5 },
  });
});
afterAll(async () => {
  for (const s of open) s.ws.terminate();
  await server.close();
});

async function connected(token: string): Promise<RawSocket> {
  const n = await negotiate(server.base, token);
  const s = await RawSocket.open(server.base, n.connectionToken!, { token });
  open.push(s);
  s.send(`{"protocol":"json","version":1}${RS}`);
  await until(() => s.text.startsWith(`{}${RS}`));
  return s;
}

const closeRecords = (s: RawSocket) => s.records.filter((r) => r.type === 7);

describe('sessions that end', () => {
  it('closes an idle connection whose token stopped authenticating, allowing a reconnect', async () => {
    // `bob` is revoked after the connection is up: the tick re-checks it within revalidateMs.
    const s = await connected('bob');
    server.revoked.add('bob');
    try {
      await until(() => s.closed, 3000);
      expect(closeRecords(s)).toEqual([{ type: 7, allowReconnect: true }]);
    } finally {
      server.revoked.delete('bob');
    }
  });

  it('refuses an invocation after the session ended and does not run it', async () => {
    const s = await connected('bob');
    await new Promise((resolve) => setTimeout(resolve, 150));
    server.revoked.add('bob');
    try {
      s.send(`{"type":1,"invocationId":"1","target":"Whoami","arguments":[]}${RS}`);
      await until(() => s.closed, 3000);
      expect(s.records.some((r) => r.type === 3)).toBe(false);
    } finally {
      server.revoked.delete('bob');
    }
  });
});

describe('limits', () => {
  it('answers 429 to a negotiate beyond the connections allowed per user, and takes one again after a close', async () => {
    const sockets = [await connected('alice'), await connected('alice'), await connected('alice')];
    const refused = await fetch(`${server.base}/chathub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: 'Bearer alice' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many open connections/);
    // Another user is not affected.
    expect((await negotiate(server.base, 'bob')).connectionToken).toBeTruthy();
    sockets[0]!.ws.close();
    await until(() => server.disconnected.length > 0);
    await until(() => sockets[0]!.closed);
    const again = await fetch(`${server.base}/chathub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: 'Bearer alice' } });
    expect(again.status).toBe(200);
    for (const s of sockets) s.ws.close();
    await until(() => sockets.every((s) => s.closed));
  });

  it('ends a connection that piles up more waiting invocations than allowed', async () => {
    const s = await connected('bob');
    const many = Array.from({ length: 20 }, (_, i) => `{"type":1,"invocationId":"${i}","target":"Slow","arguments":[200,"x"]}`).join(RS) + RS;
    s.send(many);
    await until(() => s.closed, 3000);
    const close = closeRecords(s)[0];
    expect(close?.error).toMatch(/Too many invocations are waiting/);
    // The first ones were already running or queued: at most the allowed number completed.
    expect(s.records.filter((r) => r.type === 3).length).toBeLessThanOrEqual(5);
  });
});
