import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubServer, until, type HubTestServer } from './helpers/signalr-hub';

/**
 * Conformance: the real @microsoft/signalr client (in Node) against the host, over each transport
 * on its own. Timings are shortened so reconnects and keep-alives happen within the test.
 */
let server: HubTestServer;
const clients: HubConnection[] = [];

beforeAll(async () => {
  server = await startHubServer({ timings: { keepAliveMs: 500, clientTimeoutMs: 5000, longPollHoldMs: 1000, disconnectTimeoutMs: 2000 } });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop().catch(() => {})));
  await server.close();
});

function client(transport: HttpTransportType, token = 'alice'): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.base}/chathub`, { transport, accessTokenFactory: () => token })
    .withAutomaticReconnect([0, 100, 200])
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  return connection;
}

const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe.each(transports)('the @microsoft/signalr client over %s', (name, transport) => {
  it('starts, invokes, gets HubError messages, generic errors and void results', async () => {
    const connection = client(transport);
    await connection.start();
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await connection.invoke('Echo', `hi ${name} ✓ 😀`)).toBe(`hi ${name} ✓ 😀`);
    expect(await connection.invoke('echo', 'any case')).toBe('any case');
    await expect(connection.invoke('Fail')).rejects.toThrow('nope');
    const boom = connection.invoke('Boom');
    await expect(boom).rejects.toThrow("An unexpected error occurred invoking 'Boom' on the server.");
    await expect(boom).rejects.not.toThrow(/secret/);
    await expect(connection.invoke('Missing')).rejects.toThrow(/Missing/);
    expect(await connection.invoke('Nothing')).toBeUndefined();
    // Two at once complete independently, the slow one last.
    const [slow, fast] = await Promise.all([connection.invoke('Slow', 150, 'slow'), connection.invoke('Echo', 'fast')]);
    expect([slow, fast]).toEqual(['slow', 'fast']);
    await connection.stop();
    await until(() => server.disconnected.length === server.connected.length);
  });

  it('delivers a group broadcast to another client', async () => {
    const sender = client(transport, 'alice');
    const receiver = client(transport, 'bob');
    await Promise.all([sender.start(), receiver.start()]);
    const received: unknown[][] = [];
    receiver.on('Receive', (...args: unknown[]) => received.push(args));
    await receiver.invoke('Join', `room-${name}`);
    await sender.invoke('Broadcast', `room-${name}`, 'hello');
    await until(() => received.length > 0);
    expect(received).toEqual([[`room-${name}`, 'hello']]);
    await Promise.all([sender.stop(), receiver.stop()]);
  });

  it('reconnects through a new negotiate after the server drops it, and works again', async () => {
    const connection = client(transport);
    await connection.start();
    const firstId = connection.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
    // The server's graceful close: Close {allowReconnect: true} to every connection.
    await dropAll();
    const newId = await reconnected;
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);
    expect(await connection.invoke('Echo', 'again')).toBe('again');
    await connection.stop();
  });

  it('stays connected while idle past the client timeout thanks to pings', async () => {
    if (transport === HttpTransportType.LongPolling) return;
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.base}/chathub`, { transport, accessTokenFactory: () => 'alice' })
      .configureLogging(LogLevel.None)
      .build();
    clients.push(connection);
    connection.serverTimeoutInMilliseconds = 1200;
    connection.keepAliveIntervalInMilliseconds = 600;
    let closed = false;
    connection.onclose(() => (closed = true));
    await connection.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(closed).toBe(false);
    expect(connection.state).toBe(HubConnectionState.Connected);
    await connection.stop();
  });
});

it('ends for good, with the error, when the server closes without allowReconnect (44)', async () => {
  const connection = client(HttpTransportType.WebSockets);
  await connection.start();
  let reconnecting = false;
  connection.onreconnecting(() => (reconnecting = true));
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  // Over the 32 KiB message limit: the server answers Close {error} and ends the connection.
  void connection.send('Echo', 'x'.repeat(40 * 1024)).catch(() => {});
  const error = await closed;
  expect(error?.message).toMatch(/Server returned an error on close: Connection closed with an error\. The maximum message size/);
  expect(reconnecting).toBe(false);
  expect(connection.state).toBe(HubConnectionState.Disconnected);
});

it('fails start with 401 for a bad token', async () => {
  const connection = client(HttpTransportType.WebSockets, 'mallory');
  await expect(connection.start()).rejects.toThrow(/401/);
});

/** The server ends every connection with Close {allowReconnect: true}, as on a restart. */
function dropAll(): Promise<void> {
  return server.handle.close();
}
