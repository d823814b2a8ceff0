import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../lib/auth';
import type { HubConnection, TransportSink } from '../connection';
import { TRANSPORT_ERRORS } from '../transport-request';

/**
 * Server-Sent Events (SIGNALR.md §2.3): the response stays open and every payload is one
 * unnamed event. The stream is written raw (hijacked), so nothing buffers or compresses it.
 */
export function attachServerSentEvents(connection: HubConnection, auth: AuthContext, reply: FastifyReply, maxBufferedBytes: number): FastifyReply | void {
  if (connection.kind === 'ServerSentEvents') return reply.code(409).send({ message: TRANSPORT_ERRORS.conflict });
  if (connection.kind !== null) return reply.code(400).send({ message: TRANSPORT_ERRORS.switching });

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-store',
    pragma: 'no-cache',
    'content-encoding': 'identity',
    // For nginx-style proxies that would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  // Some browsers fire EventSource `open` only once bytes arrive.
  res.write(':\r\n');

  const sink: TransportSink = {
    kind: 'ServerSentEvents',
    send: (payload) => {
      if (res.writableEnded) return;
      // A client that does not read must not make the server buffer without bound.
      if (res.writableLength > maxBufferedBytes) {
        res.destroy();
        return;
      }
      res.write(sseEvent(payload));
    },
    end: () => res.end(),
  };
  // The hub sees the session of the request that opened the stream (same user, maybe a fresher token).
  connection.auth = auth;
  connection.attach(sink, Date.now());
  // The client stops by closing its EventSource: the response closing is the disconnect.
  res.on('close', () => connection.dispose());
}

/** One event; a line feed in the payload (never in serialised JSON) gets its own `data:` line. */
export function sseEvent(payload: string): string {
  return payload.split('\n').map((line) => `data: ${line.endsWith('\r') ? line.slice(0, -1) : line}\r\n`).join('') + '\r\n';
}
