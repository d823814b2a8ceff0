import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { rateLimit } from '../../lib/rate-limit';
import { expectedVersion, setVersionTag } from '../../lib/versioning';
import { parse } from '../../lib/validate';
import type { Sessions } from '../auth/service';
import { changePasswordBody, confirmPhoneBody, preferencesBody, profileBody, verifyPhoneBody } from './schemas';
import { presentUser, userService } from './service';

export function userRoutes(app: FastifyInstance, deps: AppDeps, sessions: Sessions) {
  const account = userService(deps, sessions);
  const guard = { preHandler: requireUser };

  app.get('/users/profile', guard, async (request, reply) => {
    const user = await account.profile(userIdOf(request));
    setVersionTag(reply, user.version);
    return presentUser(user);
  });

  app.put('/users/profile', guard, async (request, reply) => {
    const userId = userIdOf(request);
    const expected = expectedVersion(request);
    const updated = await account.updateProfile(userId, expected, parse(profileBody, request.body));
    setVersionTag(reply, updated.version);
    return presentUser(updated);
  });

  app.put('/users/notification-preferences', guard, async (request, reply) => {
    const userId = userIdOf(request);
    const expected = expectedVersion(request);
    const updated = await account.updatePreferences(userId, expected, parse(preferencesBody, request.body));
    setVersionTag(reply, updated.version);
    return updated.notificationPreferences;
  });

  app.post('/users/verify-phone', { ...guard, ...rateLimit(deps.config.rateLimits.phoneCode) }, async (request) => {
    const userId = userIdOf(request);
    return account.sendPhoneCode(userId, parse(verifyPhoneBody, request.body), request.log);
  });

  app.post('/users/confirm-phone', guard, async (request) => {
    const userId = userIdOf(request);
    const { verificationCode } = parse(confirmPhoneBody, request.body);
    return account.confirmPhone(userId, verificationCode);
  });

  app.post('/users/change-password', guard, async (request) => {
    const userId = userIdOf(request);
    return account.changePassword(userId, parse(changePasswordBody, request.body), request.auth?.sessionId);
  });
}
