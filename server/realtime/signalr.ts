import type { FastifyInstance } from 'fastify';
import type { SignalRHubHandle, SignalRHubOptions } from './types';

/**
 * CONTRACT (issue 13): hosts a SignalR hub at `options.path` on `app` (negotiate, WebSockets via
 * the app's HTTP server 'upgrade' event, Server-Sent Events, Long Polling, the JSON hub protocol).
 * Must be called before the app is ready.
 */
export function registerSignalRHub(_app: FastifyInstance, _options: SignalRHubOptions): SignalRHubHandle {
  // STUB until the protocol host lands: no routes, no connections.
  return {
    addToGroup() {}, removeFromGroup() {}, sendToGroups() {}, connectionCount: () => 0, close: async () => {},
  };
}
