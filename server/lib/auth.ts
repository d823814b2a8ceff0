import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { ADMIN_ROLE } from '../../src/domain/constants';
import { forbidden, unauthorized } from './errors';

export interface AuthContext {
  userId: string;
  roles: string[];
  /** The refresh-token family the access token was issued from (one per login). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const ISSUER = 'eventmarket';

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string, readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(ctx: AuthContext, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ roles: ctx.roles, sid: ctx.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ctx.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string, now: Date): Promise<AuthContext | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !Array.isArray(payload.roles)) return null;
      return { userId: payload.sub, sessionId: payload.sid, roles: payload.roles.filter((r): r is string => typeof r === 'string') };
    } catch {
      return null;
    }
  }
}

/** preHandler: the request must carry a valid access token. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized();
}

/** preHandler: the request must come from an Admin (checked on the server, not only in the UI). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized();
  if (!request.auth.roles.includes(ADMIN_ROLE)) throw forbidden('Admin role required');
}

/** The authenticated user's id inside a handler guarded by requireUser. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  return request.auth.userId;
}
