import { bearerToken } from '../lib/authenticate';
import type { AuthContext } from '../lib/auth';
import { nextRevalidation, type HubConnection } from './connection';
import type { ConnectionManager } from './connection-manager';

export type Authenticate = (token: string) => Promise<AuthContext | null>;

/** The parts of a transport request (HTTP route or WebSocket upgrade) that address a connection. */
export interface TransportRequestInput {
  authorization: string | undefined;
  /** `access_token` query: browsers cannot set headers on WebSockets and EventSource. */
  accessToken: string | null;
  id: string | null;
}

export type Resolution =
  | { ok: true; connection: HubConnection; auth: AuthContext; token: string }
  | { ok: false; status: 400 | 401 | 403 | 404; message: string };

/** The request's user (and the token that proved it) from its Bearer header or `access_token` query; null for none or an invalid one. */
export async function authenticateRequest(authenticate: Authenticate, authorization: string | undefined, accessToken: string | null): Promise<{ auth: AuthContext; token: string } | null> {
  const token = bearerToken(authorization) || accessToken;
  const auth = token ? await authenticate(token) : null;
  return auth && token ? { auth, token } : null;
}

/**
 * Every transport request is authenticated again and must come from the user who negotiated the
 * connection (SIGNALR.md §1.6): a token of another user must not drive someone else's connection.
 */
export async function resolveTransportRequest(manager: ConnectionManager, authenticate: Authenticate, input: TransportRequestInput): Promise<Resolution> {
  const proof = await authenticateRequest(authenticate, input.authorization, input.accessToken);
  if (!proof) return { ok: false, status: 401, message: 'Authentication required' };
  const { auth, token } = proof;
  if (!input.id) return { ok: false, status: 400, message: 'Connection ID required' };
  // Looked up after the await: the connection may have ended meanwhile.
  const connection = manager.get(input.id);
  if (!connection || connection.closed) return { ok: false, status: 404, message: 'No Connection with that ID' };
  if (connection.auth.userId !== auth.userId) return { ok: false, status: 403, message: 'This connection belongs to another user' };
  // The newest token the client proved itself with is the one later checks re-verify.
  connection.token = token;
  connection.revalidateAt = nextRevalidation(Date.now(), manager.timings.revalidateMs);
  return { ok: true, connection, auth, token };
}

/** The first value of a query parameter (a repeated parameter arrives as an array). */
export function queryValue(query: unknown, name: string): string | null {
  if (typeof query !== 'object' || query === null) return null;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (key.toLowerCase() !== wanted) continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : null;
  }
  return null;
}

export const TRANSPORT_ERRORS = {
  switching: 'Cannot change transports mid-connection',
  conflict: 'Another transport request is already active for this connection',
} as const;
