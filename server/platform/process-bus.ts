import pg from 'pg';

/**
 * Announcements every server process must hear: a stored chat message, a catalogue write (the
 * search caches empty), ended login sessions. On the embedded database there is one process and
 * the bus is in-process; with DATABASE_URL it is PostgreSQL LISTEN/NOTIFY on one dedicated
 * connection per process. Payloads are small strings (NOTIFY takes under 8,000 bytes); a receiver
 * reads anything bigger from the database.
 */
/** Names the LISTEN connection in pg_stat_activity (operators, and tests that cut it). */
export const PROCESS_BUS_APPLICATION = 'eventmarket-process-bus';

export const PROCESS_CHANNELS = ['chat_messages', 'catalogue_bumped', 'sessions_ended'] as const;
export type ProcessChannel = (typeof PROCESS_CHANNELS)[number];

export interface ProcessBus {
  kind: 'memory' | 'postgres';
  /** Announces `payload` on `channel` to every process (this one included). */
  publish(channel: ProcessChannel, payload: string): Promise<void>;
  /** Every payload announced on `channel`, from any process. Returns the unsubscribe. */
  subscribe(channel: ProcessChannel, listener: (payload: string) => void): () => void;
  /**
   * Called when announcements may have been missed (the LISTEN connection was lost and is back):
   * each user of the bus catches up its own way (the hub reconnects its clients, the search
   * cache empties, the session cache forgets its live answers).
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

type Listeners = Map<ProcessChannel, Set<(payload: string) => void>>;

function deliverTo(listeners: Listeners, channel: ProcessChannel, payload: string): void {
  for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
}

function subscribeIn(listeners: Listeners, channel: ProcessChannel, listener: (payload: string) => void): () => void {
  let set = listeners.get(channel);
  if (!set) {
    set = new Set();
    listeners.set(channel, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** One process: publish calls the listeners directly (after the caller's await, like a NOTIFY would). */
export function memoryProcessBus(): ProcessBus {
  const listeners: Listeners = new Map();
  return {
    kind: 'memory',
    async publish(channel, payload) {
      await Promise.resolve();
      deliverTo(listeners, channel, payload);
    },
    subscribe: (channel, listener) => subscribeIn(listeners, channel, listener),
    // In one process nothing is ever missed.
    onGap: () => () => {},
    async close() {
      listeners.clear();
    },
  };
}

export interface PostgresProcessBusOptions {
  /** Waits before each reconnect attempt of the LISTEN connection; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  warn?: (message: string) => void;
  /** application_name of the LISTEN connection; PROCESS_BUS_APPLICATION unless a test tells one bus apart. */
  applicationName?: string;
}

const isChannel = (name: string): name is ProcessChannel => (PROCESS_CHANNELS as readonly string[]).includes(name);

/**
 * LISTEN on every channel over one dedicated connection to `databaseUrl`, reconnecting when it
 * drops. NOTIFY goes through a small pool of its own, so a publish does not wait for the listener
 * to reconnect. Announcements made while the listener is away are not replayed: `onGap` tells.
 */
export async function postgresProcessBus(databaseUrl: string, options: PostgresProcessBusOptions = {}): Promise<ProcessBus> {
  const delays = options.reconnectDelaysMs ?? [250, 1000, 2000, 5000, 10000];
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const listeners: Listeners = new Map();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (error) => warn(`Process bus: PostgreSQL closed an idle connection: ${error.message}`));

  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  const gapListeners = new Set<() => void>();

  const deliver = (message: pg.Notification) => {
    if (isChannel(message.channel)) deliverTo(listeners, message.channel, message.payload ?? '');
  };

  async function connect(): Promise<void> {
    // keepAlive: a NAT or firewall that silently drops the idle LISTEN connection would otherwise
    // leave it open here, hearing nothing, with no 'error' to reconnect on.
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: options.applicationName ?? PROCESS_BUS_APPLICATION });
    next.on('notification', deliver);
    // 'error' and 'end' both follow a lost connection; only the first of them reconnects.
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (closed) return;
      warn(`Process bus: the LISTEN connection was lost${error ? ` (${error.message})` : ''}; reconnecting`);
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      // One statement list, so the connection's last query (pg_stat_activity) starts with LISTEN.
      await next.query(PROCESS_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
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
        warn(`Process bus: reconnecting the LISTEN connection failed (${error instanceof Error ? error.message : String(error)}); trying again`);
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
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe: (channel, listener) => subscribeIn(listeners, channel, listener),
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
