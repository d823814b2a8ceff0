import { postgresProcessBus, type PostgresProcessBusOptions, type ProcessBus, type ProcessChannel } from './process-bus';

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

const CHANNEL = 'chat_messages' satisfies ProcessChannel;
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

export type PostgresChatBusOptions = PostgresProcessBusOptions;

/**
 * The chat announcements over a process bus's `chat_messages` channel. Closing it stops its
 * listeners only: the process bus belongs to whoever made it.
 */
export function chatBusOver(bus: ProcessBus, warn: (message: string) => void = (m) => console.warn(m)): ChatBus {
  const unsubscribes = new Set<() => void>();
  return {
    kind: bus.kind,
    async publish(event) {
      await bus.publish(CHANNEL, JSON.stringify({ chatId: event.chatId, messageId: event.messageId }));
    },
    subscribe(listener) {
      const stop = bus.subscribe(CHANNEL, (payload) => {
        const event = parseChatBusPayload(payload);
        if (event) listener(event);
        else warn('Chat bus: ignored a notification that is not a chat message');
      });
      unsubscribes.add(stop);
      return () => {
        stop();
        unsubscribes.delete(stop);
      };
    },
    onGap(listener) {
      const stop = bus.onGap(listener);
      unsubscribes.add(stop);
      return () => {
        stop();
        unsubscribes.delete(stop);
      };
    },
    async close() {
      for (const stop of unsubscribes) stop();
      unsubscribes.clear();
    },
  };
}

/**
 * A chat bus on a PostgreSQL process bus of its own (LISTEN/NOTIFY on a dedicated connection,
 * reconnecting when it drops), closed with it. The server itself shares one process bus between
 * the chat and its other channels (server/runtime.ts); this stands alone for tests and tools.
 */
export async function postgresChatBus(databaseUrl: string, options: PostgresChatBusOptions = {}): Promise<ChatBus> {
  const bus = await postgresProcessBus(databaseUrl, options);
  const chat = chatBusOver(bus, options.warn);
  return {
    ...chat,
    async close() {
      await chat.close();
      await bus.close();
    },
  };
}
