import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import type { AccessTokens, AuthContext } from './auth';
import { unauthorized } from './errors';
import type { SessionCheck } from './session-check';

/** `Bearer <token>`: the scheme is case-insensitive (RFC 7235 §2.1), so `bearer` and `BEARER` count too. */
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of a Bearer `Authorization` header; null for no header or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? (/^bearer(?:\s|$)/i.test(header) ? '' : null);
}

/**
 * onRequest: sets `request.auth` from a Bearer access token. A token that does not verify, or
 * whose session has ended (logout, refresh-token reuse, password reset, deleted user), is a 401
 * everywhere, so the client refreshes once and retries (or logs out when that fails too).
 */
export function registerAuthentication(app: FastifyInstance, deps: AppDeps, tokens: AccessTokens, sessionCheck: SessionCheck): void {
  app.decorateRequest('auth', null as AuthContext | null);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    const token = bearerToken(request.headers.authorization);
    if (token === null) return;
    const auth = token ? await tokens.verify(token, deps.clock()) : null;
    if (!auth) throw unauthorized('invalid_token: The access token is invalid or has expired.');
    if (!(await sessionCheck.isLive(auth))) throw unauthorized('invalid_token: The session has ended. Please log in again.');
    request.auth = auth;
  });
}
