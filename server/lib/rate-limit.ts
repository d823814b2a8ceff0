import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitSetting } from '../config';
import { tooManyRequests } from './errors';

/** Route options that apply @fastify/rate-limit per client address with the given budget. */
export const rateLimit = (setting: RateLimitSetting) => ({
  config: { rateLimit: { max: setting.max, timeWindow: setting.windowMs } },
});

/** How many devices one address may speak for before its own budget stops it (an office, a NAT). */
const DEVICES_PER_ADDRESS = 10;

/**
 * A preHandler that limits a public route per address and device: `setting` per (address,
 * device id), and `DEVICES_PER_ADDRESS` times that per address, so inventing a new device id on
 * every call does not lift the limit. A call without a device id counts as one device of its
 * address. Runs as a preHandler because the device id is in the parsed body. The 429 has the same
 * message and Retry-After as the plugin's route limits.
 */
export function addressAndDeviceLimit(
  app: FastifyInstance,
  name: string,
  setting: RateLimitSetting,
  deviceOf: (request: FastifyRequest) => string | null,
) {
  const perAddress = app.createRateLimit({
    max: setting.max * DEVICES_PER_ADDRESS, timeWindow: setting.windowMs, keyGenerator: (request) => `${name}:address:${request.ip}`,
  });
  const perDevice = app.createRateLimit({
    max: setting.max, timeWindow: setting.windowMs, keyGenerator: (request) => `${name}:device:${request.ip}:${deviceOf(request) ?? '-'}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    for (const limit of [perDevice, perAddress]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
        throw tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
      }
    }
  };
}

/**
 * A preHandler that limits a logged-in route per account (after requireUser): `setting` calls per
 * window, whichever address they come from. The 429 reads like the other limits', with Retry-After.
 */
export function accountLimit(app: FastifyInstance, name: string, setting: RateLimitSetting) {
  const perAccount = app.createRateLimit({
    max: setting.max, timeWindow: setting.windowMs, keyGenerator: (request) => `${name}:account:${request.auth?.userId ?? request.ip}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await perAccount(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      throw tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
    }
  };
}
