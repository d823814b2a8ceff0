import type { AppDeps } from '../../deps';

/**
 * How many messages one account may send per minute on one process, over REST and the hub
 * together: far above anyone typing (and above an offline queue's replay, which waits out a 429
 * and goes on), far below a script flooding a chat.
 */
export const CHAT_SEND_LIMIT = { max: 120, windowMs: 60_000 } as const;

/** Fixed windows per user; expired windows are dropped as they are met, so the map stays small. */
export class SendLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: () => Date, private readonly setting = CHAT_SEND_LIMIT) {}

  /** Seconds until `userId` may send again; 0 when they may now. */
  waitSeconds(userId: string): number {
    const now = this.clock().getTime();
    const window = this.windows.get(userId);
    if (!window || now - window.start >= this.setting.windowMs) return 0;
    return window.count < this.setting.max ? 0 : Math.max(1, Math.ceil((window.start + this.setting.windowMs - now) / 1000));
  }

  /** A message of `userId` was stored. */
  count(userId: string): void {
    const now = this.clock().getTime();
    const window = this.windows.get(userId);
    if (window && now - window.start < this.setting.windowMs) {
      window.count += 1;
      return;
    }
    this.windows.set(userId, { start: now, count: 1 });
    if (this.windows.size > 10_000) {
      for (const [key, w] of this.windows) if (now - w.start >= this.setting.windowMs) this.windows.delete(key);
    }
  }
}

/** One limit per app (the REST routes and the hub share it). */
const limits = new WeakMap<AppDeps, SendLimit>();
export function sendLimitFor(deps: AppDeps): SendLimit {
  let limit = limits.get(deps);
  if (!limit) {
    limit = new SendLimit(deps.clock);
    limits.set(deps, limit);
  }
  return limit;
}
