import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConnectionManager } from './connection-manager';
import { authenticateRequest, queryValue, type Authenticate } from './transport-request';

const MAX_NEGOTIATE_VERSION = 1;

/** In the server's order of preference: the client tries them in this order (SIGNALR.md §1.3). */
const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
] as const;

/** The negotiate version asked for (missing → 0, above the maximum → the maximum), or the error text. */
export function negotiateVersion(query: unknown): number | { error: string } {
  const raw = queryValue(query, 'negotiateVersion');
  if (raw === null) return 0;
  if (!/^[+-]?\d{1,9}$/.test(raw.trim())) return { error: 'The client requested a non-integer protocol version.' };
  const version = Number.parseInt(raw, 10);
  if (version < 0) return { error: `The client requested version '${version}', but the server does not support this version.` };
  return Math.min(version, MAX_NEGOTIATE_VERSION);
}

/**
 * POST {hub}/negotiate: a new connection for the signed-in user. Version problems are a 200 with
 * `{error}` (the client only reads bodies of 200s); no or an invalid token is a 401.
 */
export function negotiateHandler(manager: ConnectionManager, authenticate: Authenticate) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return reply.code(405).header('allow', 'POST').send({ message: 'Negotiate takes POST only' });
    const proof = await authenticateRequest(authenticate, request.headers.authorization, queryValue(request.query, 'access_token'));
    if (!proof) return reply.code(401).send({ message: 'Authentication required' });
    const version = negotiateVersion(request.query);
    reply.header('cache-control', 'no-store');
    if (typeof version !== 'number') return reply.code(200).send(version);
    if (manager.countFor(proof.auth.userId) >= manager.limits.connectionsPerUser) {
      return reply.code(429).send({ message: 'Too many open connections for this account. Close another tab and try again.' });
    }
    const connection = manager.create(proof.auth, version >= 1, proof.token);
    return reply.code(200).send({
      negotiateVersion: version,
      connectionId: connection.connectionId,
      ...(version >= 1 ? { connectionToken: connection.key } : {}),
      availableTransports: AVAILABLE_TRANSPORTS,
    });
  };
}
