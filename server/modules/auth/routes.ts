import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { rateLimit } from '../../lib/rate-limit';
import { parse } from '../../lib/validate';
import {
  confirmEmailQuery, emailBody, loginBody, phoneQuery, refreshBody, registerBody, resetBody, resetQuery,
} from './schemas';
import { authService, type Sessions } from './service';

export function authRoutes(app: FastifyInstance, deps: AppDeps, sessions: Sessions) {
  const auth = authService(deps, sessions);
  const limits = deps.config.rateLimits;

  app.post('/auth/register', rateLimit(limits.register), async (request, reply) => {
    const created = await auth.register(parse(registerBody, request.body));
    reply.code(201);
    return created;
  });

  app.get('/auth/confirm-email', async (request) => {
    const { token, userId } = parse(confirmEmailQuery, request.query, 'query');
    return auth.confirmEmail(token, userId);
  });

  app.post('/auth/resend-confirmation-email', rateLimit(limits.forgotPassword), async (request) =>
    auth.resendConfirmation(parse(emailBody, request.body).email));

  app.post('/auth/login', rateLimit(limits.login), async (request) => {
    const { email, password } = parse(loginBody, request.body);
    return auth.login(email, password);
  });

  app.post('/auth/refresh-token', rateLimit(limits.login), async (request) =>
    auth.refresh(parse(refreshBody, request.body).refreshToken));

  app.post('/auth/logout', async (request, reply) => {
    await auth.logout(parse(refreshBody, request.body).refreshToken);
    reply.code(204);
  });

  app.post('/auth/forgot-password', rateLimit(limits.forgotPassword), async (request) =>
    auth.forgotPassword(parse(emailBody, request.body).email));

  app.post('/auth/reset-password', rateLimit(limits.forgotPassword), async (request) => {
    const query = parse(resetQuery, request.query, 'query');
    const body = parse(resetBody, request.body);
    return auth.resetPassword(query, body);
  });

  app.post('/auth/check-email-exists', rateLimit(limits.existsCheck), async (request) =>
    auth.emailExists(parse(emailBody, request.body).email));

  const checkPhone = async (input: unknown, where: string) => {
    const { phoneNumber, countryCode } = parse(phoneQuery, input, where);
    return auth.phoneExists(phoneNumber, countryCode);
  };
  app.get('/auth/check-phone-exists', rateLimit(limits.existsCheck), (request) => checkPhone(request.query, 'query'));
  app.post('/auth/check-phone-exists', rateLimit(limits.existsCheck), (request) => checkPhone(request.body, 'body'));
}
