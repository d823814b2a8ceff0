import pg from 'pg';

/**
 * CONTRACT (issue 13): how a stored chat message reaches the hub connections of every server
 * process. On the embedded database it is in-process; with DATABASE_URL it goes through
 * PostgreSQL LISTEN/NOTIFY (payload: ids only; each receiver reads the row).
 */
export interface ChatBusEvent {
  chatId: string;
  messageId: string;
}

export interface ChatBus {
  kind: 'memory' | 'postgres';
  /** Announces a stored message to every process (this one included). */
  publish(event: ChatBusEvent): Promise<void>;
  /** Every announced message, from any process. Returns the unsubscribe. */
  subscribe(listener: (event: ChatBusEvent) => void): () => void;
  /**
   * Called when events may have been missed (the LISTEN connection was lost and is back): the
   * hub then sends its clients away to reconnect, re-join and read what they missed.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process: publish calls the listeners directly (after the caller's await, like a NOTIFY would). */
export function memoryChatBus(): ChatBus {
  const listeners = new Set<(event: ChatBusEvent) => void>();
  return {
    kind: 'memory',
    async publish(event) {
      await Promise.resolve();
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // In one process nothing is ever missed.
    onGap: () => () => {},
    async close() {
      listeners.clear();
    },
  };
}

const CHANNEL = 'chat_messages';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A NOTIFY payload, or null for anything that is not one of ours. */
export function parseChatBusPayload(payload: string | undefined): ChatBusEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { chatId, messageId } = value as Record<string, unknown>;
    if (typeof chatId !== 'string' || typeof messageId !== 'string' || !UUID.test(chatId) || !UUID.test(messageId)) return null;
    return { chatId, messageId };
  } catch {
    return null;
  }
}

export interface PostgresChatBusOptions {
  /** Waits before each reconnect attempt of the LISTEN connection; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  warn?: (message: string) => void;
}

/**
 * LISTEN on a dedicated connection to `databaseUrl`, reconnecting when it drops. NOTIFY goes
 * through a small pool of its own, so a publish does not wait for the listener to reconnect.
 * Messages announced while the listener is away are not replayed: clients read the chat again
 * when they reconnect (the hub's own reconnect loses the same gap).
 */
export async function postgresChatBus(databaseUrl: string, options: PostgresChatBusOptions = {}): Promise<ChatBus> {
  const delays = options.reconnectDelaysMs ?? [250, 1000, 2000, 5000, 10000];
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const listeners = new Set<(event: ChatBusEvent) => void>();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (error) => warn(`Chat bus: PostgreSQL closed an idle connection: ${error.message}`));

  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  const gapListeners = new Set<() => void>();

  const deliver = (message: pg.Notification) => {
    if (message.channel !== CHANNEL) return;
    const event = parseChatBusPayload(message.payload);
    if (!event) {
      warn('Chat bus: ignored a notification that is not a chat message');
      return;
    }
    for (const listener of [...listeners]) listener(event);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', deliver);
    // 'error' and 'end' both follow a lost connection; only the first of them reconnects.
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (closed) return;
      warn(`Chat bus: the LISTEN connection was lost${error ? ` (${error.message})` : ''}; reconnecting`);
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // A reconnect (not the first connect): notifications sent meanwhile never reached this process.
    if (attempt > 0) for (const listener of [...gapListeners]) listener();
    attempt = 0;
  }

  function schedule(): void {
    if (closed || timer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((error: unknown) => {
        warn(`Chat bus: reconnecting the LISTEN connection failed (${error instanceof Error ? error.message : String(error)}); trying again`);
        schedule();
      });
    }, delay);
  }

  try {
    await connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  return {
    kind: 'postgres',
    async publish(event) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ chatId: event.chatId, messageId: event.messageId })]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {
      closed = true;
      gapListeners.clear();
      if (timer) clearTimeout(timer);
      timer = null;
      listeners.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
      await pool.end().catch(() => {});
    },
  };
}
