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
    async close() {
      listeners.clear();
    },
  };
}

/** LISTEN on a dedicated connection to `databaseUrl`, reconnecting when it drops. */
export async function postgresChatBus(_databaseUrl: string): Promise<ChatBus> {
  throw new Error('not implemented');
}
