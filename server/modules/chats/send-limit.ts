import type { AppDeps } from '../../deps';
import { SharedWindows } from '../../lib/rate-limit-store';

/**
 * How many messages one account may send per minute, over REST and the hub together (and, on
 * PostgreSQL, over every server process together): far above anyone typing (and above an
 * offline queue's replay, which waits out a 429 and goes on), far below a script flooding a chat.
 */
export const CHAT_SEND_LIMIT = { max: 120, windowMs: 60_000 } as const;

/** Checked before a message is stored, counted after: a refused or replayed send costs nothing. */
export interface SendLimit {
  /** Seconds until `userId` may send again; 0 when they may now. */
  waitSeconds(userId: string): Promise<number>;
  /** A message of `userId` was stored. */
  count(userId: string): Promise<void>;
}

const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One process (the embedded database): fixed windows per user, expired ones dropped as they are met. */
export class MemorySendLimit implements SendLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: () => Date, private readonly setting = CHAT_SEND_LIMIT) {}

  async waitSeconds(userId: string): Promise<number> {
    const now = this.clock().getTime();
    const window = this.windows.get(userId);
    if (!window || now - window.start >= this.setting.windowMs) return 0;
    return window.count < this.setting.max ? 0 : secondsLeft(window.start + this.setting.windowMs - now);
  }

  async count(userId: string): Promise<void> {
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

/**
 * Every process on one PostgreSQL: the same windows in the database. Sends checked at the same
 * moment (on any process, REST or hub) may all pass before any is counted, so a window can
 * overrun by as many sends as were in flight when it filled; the next check after them refuses.
 */
export class SharedSendLimit implements SendLimit {
  constructor(private readonly windows: SharedWindows, private readonly setting = CHAT_SEND_LIMIT) {}

  async waitSeconds(userId: string): Promise<number> {
    const window = await this.windows.peek(`chat-send:${userId}`);
    return window.count < this.setting.max ? 0 : secondsLeft(window.ttlMs);
  }

  async count(userId: string): Promise<void> {
    await this.windows.hit(`chat-send:${userId}`, this.setting.windowMs);
  }
}

/** One limit per app (the REST routes and the hub share it). */
const limits = new WeakMap<AppDeps, SendLimit>();
export function sendLimitFor(deps: AppDeps): SendLimit {
  let limit = limits.get(deps);
  if (!limit) {
    limit = deps.databaseKind === 'postgres' ? new SharedSendLimit(new SharedWindows(deps.db, deps.clock)) : new MemorySendLimit(deps.clock);
    limits.set(deps, limit);
  }
  return limit;
}
