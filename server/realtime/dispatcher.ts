import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../lib/error-log';
import type { HubConnection } from './connection';
import { MessageType, encodeRecord } from './hub-protocol';
import { HubError, type HubDefinition, type HubMethod } from './types';

export interface InvocationMessage {
  type: 1 | 4;
  invocationId: string | undefined;
  target: string;
  arguments: unknown[];
  streamIds: string[];
}

/**
 * Runs Invocations against the application hub and answers with Completions (SIGNALR.md §4.2):
 * exactly one Completion per invocation with an id, none without; `error` is never empty and
 * never sent together with `result`; only a HubError's own message reaches the client.
 */
export class Dispatcher {
  private readonly methods = new Map<string, HubMethod>();

  constructor(hub: HubDefinition, private readonly log: FastifyBaseLogger) {
    // Method names match case-insensitively, like ASP.NET's hub dispatcher.
    for (const [name, method] of Object.entries(hub.methods)) this.methods.set(name.toLowerCase(), method);
  }

  /** Resolves when the invocation has been answered (or refused). */
  dispatch(connection: HubConnection, message: InvocationMessage): Promise<void> {
    const { invocationId, target } = message;
    const complete = (outcome: { result?: unknown; error?: string }) => {
      if (invocationId === undefined) return;
      connection.send(encodeRecord({ type: MessageType.Completion, invocationId, ...outcome }));
    };
    if (message.type === MessageType.StreamInvocation) {
      complete({ error: `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.` });
      return Promise.resolve();
    }
    const method = this.methods.get(target.toLowerCase());
    if (!method) {
      complete({ error: `Failed to invoke '${target}' due to an error on the server. Method does not exist.` });
      return Promise.resolve();
    }
    if (message.streamIds.length > 0) {
      complete({ error: `Failed to invoke '${target}': client-to-server streams are not supported.` });
      return Promise.resolve();
    }
    return this.run(connection, method, message).then(complete);
  }

  private async run(connection: HubConnection, method: HubMethod, message: InvocationMessage): Promise<{ result?: unknown; error?: string }> {
    const generic = `An unexpected error occurred invoking '${message.target}' on the server.`;
    try {
      await connection.ready;
      const result: unknown = await method(connection.caller, message.arguments);
      if (result === undefined) return {};
      // A result that cannot be serialised must not break the connection: it becomes an error.
      JSON.stringify(result);
      return { result };
    } catch (error) {
      if (error instanceof HubError) return { error: error.message || generic };
      this.log.error({ error: loggableError(error), target: message.target }, 'hub method failed');
      return { error: generic };
    }
  }
}
