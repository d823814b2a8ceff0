/**
 * The JSON hub protocol's wire format (SIGNALR.md §3, §4): records terminated by 0x1E, the
 * handshake, and validation of inbound hub messages. Pure functions and one buffer class; no I/O.
 */

export const RECORD_SEPARATOR = 0x1e;
const RS = String.fromCharCode(RECORD_SEPARATOR);

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export class MessageTooLargeError extends Error {
  constructor(limit: number) {
    super(`The maximum message size of ${limit} bytes was exceeded.`);
  }
}

/**
 * Inbound bytes of one connection. Frames and POST bodies are appended as bytes and cut at 0x1E;
 * a trailing partial record is kept for the next frame. Records are decoded as UTF-8 only once
 * complete, so a multi-byte character split across frames still decodes (0x1E never occurs
 * inside a UTF-8 sequence).
 */
export class RecordBuffer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxRecordBytes: number) {}

  /** The complete records in `chunk` plus what was pending. Throws MessageTooLargeError. */
  push(chunk: Buffer): string[] {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const records: string[] = [];
    let index = data.indexOf(RECORD_SEPARATOR);
    while (index !== -1) {
      if (index > this.maxRecordBytes) throw new MessageTooLargeError(this.maxRecordBytes);
      records.push(data.subarray(0, index).toString('utf8'));
      data = data.subarray(index + 1);
      index = data.indexOf(RECORD_SEPARATOR);
    }
    if (data.length > this.maxRecordBytes) throw new MessageTooLargeError(this.maxRecordBytes);
    // A copy, so the (possibly large) frame it came from can be collected.
    this.pending = data.length > 0 ? Buffer.from(data) : Buffer.alloc(0);
    return records;
  }
}

/** One record on the wire: JSON + 0x1E. JSON.stringify escapes control characters, so no 0x1E inside. */
export function encodeRecord(message: object): string {
  return JSON.stringify(message) + RS;
}

// ---- Handshake (§3) ----

export const HANDSHAKE_ERRORS = {
  canceled: 'Handshake was canceled.',
  unexpected: 'An unexpected error occurred during connection handshake.',
  protocol: (name: string) => `The protocol '${name}' is not supported.`,
  version: (version: number) => `The server does not support version ${version} of the 'json' protocol.`,
} as const;

/** null when the handshake request is accepted, else the error text for `{"error": …}`. */
export function checkHandshake(record: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return HANDSHAKE_ERRORS.unexpected;
  }
  if (!isObject(value) || typeof value.protocol !== 'string' || typeof value.version !== 'number' || !Number.isInteger(value.version)) {
    return HANDSHAKE_ERRORS.unexpected;
  }
  if (value.protocol !== 'json') return HANDSHAKE_ERRORS.protocol(value.protocol);
  // Version 2 is only for stateful reconnect, which this server never negotiates.
  if (value.version !== 1) return HANDSHAKE_ERRORS.version(value.version);
  return null;
}

// ---- Hub messages (§4.2) ----

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export type InboundMessage =
  | { type: 1 | 4; invocationId: string | undefined; target: string; arguments: unknown[]; streamIds: string[] }
  | { type: 6 }
  | { type: 7 }
  /** Messages the server tolerates and ignores (stray stream items, completions, cancels, acks). */
  | { type: 'ignored' };

export class ProtocolError extends Error {}

/** Parses and validates one inbound record. Throws ProtocolError for anything the server cannot accept. */
export function parseHubMessage(record: string): InboundMessage {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('The message is not valid JSON.');
  }
  if (!isObject(value)) throw new ProtocolError('The message is not a JSON object.');
  if (value.headers !== undefined && !isObject(value.headers)) throw new ProtocolError('Invalid headers.');
  switch (value.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target, streamIds } = value;
      if (typeof target !== 'string' || target === '') throw new ProtocolError("Missing or invalid 'target'.");
      if (invocationId !== undefined && (typeof invocationId !== 'string' || invocationId === '')) {
        throw new ProtocolError("Invalid 'invocationId'.");
      }
      if (value.type === MessageType.StreamInvocation && invocationId === undefined) {
        throw new ProtocolError("A stream invocation needs an 'invocationId'.");
      }
      const args = value.arguments ?? [];
      if (!Array.isArray(args)) throw new ProtocolError("'arguments' must be an array.");
      if (streamIds !== undefined && (!Array.isArray(streamIds) || !streamIds.every((id) => typeof id === 'string'))) {
        throw new ProtocolError("'streamIds' must be an array of strings.");
      }
      return { type: value.type, invocationId, target, arguments: args as unknown[], streamIds: (streamIds as string[] | undefined) ?? [] };
    }
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close:
      return { type: 7 };
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
    case MessageType.Ack:
    case MessageType.Sequence:
      return { type: 'ignored' };
    default:
      throw new ProtocolError('Unknown message type.');
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- Outbound messages ----

export const PING = encodeRecord({ type: MessageType.Ping });

export function invocationRecord(target: string, args: readonly unknown[]): string {
  return encodeRecord({ type: MessageType.Invocation, target, arguments: args });
}

export function closeRecord(options: { error?: string; allowReconnect?: boolean }): string {
  return encodeRecord({ type: MessageType.Close, ...options });
}
