import type { RateLimitSetting } from '../config';

/** Route options that apply @fastify/rate-limit per client address with the given budget. */
export const rateLimit = (setting: RateLimitSetting) => ({
  config: { rateLimit: { max: setting.max, timeWindow: setting.windowMs } },
});
