import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../lib/auth';
import type { HubConnection, TransportSink } from '../connection';
import { TRANSPORT_ERRORS } from '../transport-request';

const POLL_HEADERS = {
  'cache-control': 'no-cache, no-store',
  pragma: 'no-cache',
  expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
} as const;

interface PendingPoll {
  reply: FastifyReply;
  timer: NodeJS.Timeout;
}

/**
 * The long-polling side of one connection (SIGNALR.md §2.4): records queue while no poll is
 * pending and go out all at once in the next poll; at most one poll is held at a time.
 */
export class LongPollingSink implements TransportSink {
  readonly kind = 'LongPolling' as const;
  private queue: string[] = [];
  private queuedBytes = 0;
  private poll: PendingPoll | null = null;
  private idleFrom: number;
  private ended = false;

  constructor(
    private readonly holdMs: number,
    now: number,
    private readonly maxQueuedBytes = Infinity,
    /** Called when a client that does not poll has let too much queue up: the connection ends. */
    private readonly onOverflow: () => void = () => {},
  ) {
    this.idleFrom = now;
  }

  send(payload: string): void {
    if (this.ended) return;
    this.queue.push(payload);
    this.queuedBytes += payload.length;
    if (this.poll) this.complete(200);
    else if (this.queuedBytes > this.maxQueuedBytes) this.onOverflow();
  }

  end(): void {
    this.ended = true;
    if (this.poll) this.complete(this.queue.length > 0 ? 200 : 204);
    this.queue = [];
    this.queuedBytes = 0;
  }

  idleSince(): number | null {
    return this.poll ? null : this.idleFrom;
  }

  /** A new poll: answered at once when data is queued, else held until data, the hold time, or a newer poll. */
  accept(reply: FastifyReply): FastifyReply {
    // The older poll is answered 204 and the newer one served (the client had given up on it).
    if (this.poll) this.complete(204);
    if (this.queue.length > 0) return respond(reply, 200, this.takeQueue());
    const poll: PendingPoll = {
      reply,
      timer: setTimeout(() => {
        if (this.poll === poll) this.complete(200);
      }, this.holdMs),
    };
    this.poll = poll;
    reply.raw.on('close', () => {
      // An aborted poll must not swallow data: later records wait for the next poll.
      if (this.poll === poll && !reply.raw.writableEnded) this.release();
    });
    return reply;
  }

  private complete(status: 200 | 204): void {
    const poll = this.release();
    if (!poll) return;
    respond(poll.reply, status, status === 200 ? this.takeQueue() : '');
  }

  private release(): PendingPoll | null {
    const poll = this.poll;
    if (poll) clearTimeout(poll.timer);
    this.poll = null;
    this.idleFrom = Date.now();
    return poll;
  }

  private takeQueue(): string {
    const payload = this.queue.join('');
    this.queue = [];
    this.queuedBytes = 0;
    return payload;
  }
}

function respond(reply: FastifyReply, status: 200 | 204, payload: string): FastifyReply {
  reply.code(status).headers(POLL_HEADERS);
  if (status === 204) return reply.send();
  return reply.type('application/octet-stream').send(payload);
}

/** GET without SSE/WebSocket: the first poll attaches long polling and returns at once, empty. */
export function longPoll(connection: HubConnection, auth: AuthContext, reply: FastifyReply, holdMs: number, maxQueuedBytes = Infinity): FastifyReply {
  if (connection.kind === null) {
    connection.auth = auth;
    const sink = new LongPollingSink(holdMs, Date.now(), maxQueuedBytes, () => connection.end());
    connection.attach(sink, Date.now());
    return respond(reply, 200, '');
  }
  const sink = connection.transport;
  // Claimed by another transport (a WebSocket upgrade may not have attached its sink yet).
  if (!(sink instanceof LongPollingSink)) return reply.code(400).send({ message: TRANSPORT_ERRORS.switching });
  return sink.accept(reply);
}
