import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The few PostgreSQL frontend/backend protocol (v3) messages the search pipeline uses
 * (server/db/search-pipeline.ts): startup and password authentication (cleartext, MD5,
 * SCRAM-SHA-256), Parse/Bind/Execute and Sync with text parameters and text results, and reading the
 * backend's messages. https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

/** A message of the frontend: its type byte (none for startup), then its body, with the length between. */
function message(type: string | null, body: Buffer): Buffer {
  const head = type === null ? 4 : 5;
  const out = Buffer.allocUnsafe(head + body.length);
  if (type !== null) out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, head - 4);
  body.copy(out, head);
  return out;
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

export function startupMessage(parameters: Record<string, string>): Buffer {
  const version = Buffer.alloc(4);
  version.writeInt32BE(196608); // 3.0
  const pairs = Object.entries(parameters).flatMap(([key, value]) => [cstring(key), cstring(value)]);
  return message(null, Buffer.concat([version, ...pairs, Buffer.from([0])]));
}

export const passwordMessage = (password: string) => message('p', cstring(password));

/** The MD5 answer: 'md5' + md5(md5(password + user) + salt), in hex. */
export function md5Password(user: string, password: string, salt: Buffer): Buffer {
  const inner = createHash('md5').update(password + user).digest('hex');
  return passwordMessage(`md5${createHash('md5').update(inner).update(salt).digest('hex')}`);
}

export function parseMessage(name: string, text: string): Buffer {
  return message('P', Buffer.concat([cstring(name), cstring(text), Buffer.from([0, 0])]));
}

/** One parameter in PostgreSQL's text form; null for NULL. */
export function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Array.isArray(value)) {
    // An array literal, every element quoted: '{"a","b\"c"}'.
    return `{${value.map((v) => {
      const text = paramText(v);
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`;
    }).join(',')}}`;
  }
  throw new TypeError(`A statement parameter must be a string, number, boolean, array or null, not ${typeof value}`);
}

/**
 * Bind (text parameters, text results) of the named statement to the unnamed portal, and Execute
 * it; with `describe`, a Describe of the portal between them, for its RowDescription.
 */
export function bindExecute(statement: string, values: readonly unknown[], describe = false): Buffer {
  const texts = values.map((v) => {
    const text = paramText(v);
    return text === null ? null : Buffer.from(text, 'utf8');
  });
  const nameLength = Buffer.byteLength(statement);
  let bindLength = 4 + 1 + nameLength + 1 + 2 + 2 + 2;
  for (const t of texts) bindLength += 4 + (t ? t.length : 0);
  // Bind, [Describe (1 + 4 + 1 + 1)], then Execute (1 + 4 + 1 + 4).
  const out = Buffer.allocUnsafe(1 + bindLength + (describe ? 7 : 0) + 10);
  let at = 0;
  out[at++] = 0x42; // B
  at = out.writeInt32BE(bindLength, at);
  out[at++] = 0; // the unnamed portal
  at += out.write(statement, at, 'utf8');
  out[at++] = 0;
  at = out.writeInt16BE(0, at); // every parameter in text
  at = out.writeInt16BE(texts.length, at);
  for (const t of texts) {
    if (t === null) {
      at = out.writeInt32BE(-1, at);
    } else {
      at = out.writeInt32BE(t.length, at);
      at += t.copy(out, at);
    }
  }
  at = out.writeInt16BE(0, at); // every result column in text
  if (describe) {
    out[at++] = 0x44; // D
    at = out.writeInt32BE(6, at);
    out[at++] = 0x50; // P: the portal
    out[at++] = 0;
  }
  out[at++] = 0x45; // E
  at = out.writeInt32BE(9, at);
  out[at++] = 0; // the unnamed portal
  out.writeInt32BE(0, at); // every row
  return out;
}

/** A result column: its name and its type's OID. */
export interface Field {
  name: string;
  type: number;
}

/** A RowDescription's fields (its body from `start`). */
export function rowDescription(bytes: Buffer, start: number): Field[] {
  const count = bytes.readInt16BE(start);
  const fields: Field[] = [];
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const end = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, end);
    // Then the table's OID (4), the column's number (2), the type's OID (4), its size (2), modifier (4), format (2).
    const type = bytes.readInt32BE(end + 1 + 6);
    fields.push({ name, type });
    at = end + 1 + 18;
  }
  return fields;
}

/** Types read as numbers: int2, int4, oid, float4, float8; and arrays of them (by the array type's OID). */
const NUMBER_TYPES = new Set([21, 23, 26, 700, 701]);
const NUMBER_ARRAYS = new Set([1005, 1007, 1028, 1021, 1022]);
/** Arrays read as arrays of strings: text, varchar, name, bpchar, int8 and numeric (strings, as postgres.js gives them), uuid. */
const STRING_ARRAYS = new Set([1009, 1015, 1003, 1014, 1016, 1231, 2951]);

/**
 * A column's text as postgres.js gives it by default: numbers for the small numeric types, a
 * boolean for bool, parsed JSON for json and jsonb, arrays of those element types, and the text
 * itself for the rest (int8 and numeric included, which a number could not hold exactly).
 */
export function decodeText(type: number, text: string): unknown {
  if (NUMBER_TYPES.has(type)) return Number(text);
  if (type === 16) return text === 't';
  if (type === 114 || type === 3802) return JSON.parse(text);
  if (NUMBER_ARRAYS.has(type)) return arrayLiteral(text).map((v) => (v === null ? null : Number(v)));
  if (type === 1000) return arrayLiteral(text).map((v) => (v === null ? null : v === 't'));
  if (STRING_ARRAYS.has(type)) return arrayLiteral(text);
  return text;
}

/**
 * A one-dimensional array literal's elements: '{a,"b c","d\"e",NULL}' → ['a', 'b c', 'd"e', null].
 * A quoted "NULL" is the text; an unquoted one is null.
 */
export function arrayLiteral(text: string): (string | null)[] {
  if (text.length < 2 || text[0] !== '{' || text[text.length - 1] !== '}') throw new Error(`Not an array literal: ${text.slice(0, 40)}`);
  const out: (string | null)[] = [];
  if (text === '{}') return out;
  let at = 1;
  for (;;) {
    let value = '';
    if (text[at] === '"') {
      at += 1;
      while (text[at] !== '"') {
        if (at >= text.length) throw new Error('An array literal ended inside a quoted element');
        if (text[at] === '\\') at += 1;
        value += text[at];
        at += 1;
      }
      at += 1;
      out.push(value);
    } else {
      const end = text.slice(at).search(/[,}]/) + at;
      value = text.slice(at, end);
      at = end;
      out.push(value === 'NULL' ? null : value);
    }
    if (text[at] === '}') return out;
    if (text[at] !== ',') throw new Error(`Unexpected ${text[at]} in an array literal`);
    at += 1;
  }
}

/** Ends an implicit transaction: PostgreSQL answers ReadyForQuery, and sends its answers then. */
export const SYNC = message('S', Buffer.alloc(0));

export const TERMINATE = message('X', Buffer.alloc(0));

/** The fields of an ErrorResponse or NoticeResponse: code ('C'), message ('M'), detail ('D'), … */
export function errorFields(body: Buffer): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1);
    if (end < 0) break;
    fields.set(String.fromCharCode(body[at]!), body.toString('utf8', at + 1, end));
    at = end + 1;
  }
  return fields;
}

/** An error PostgreSQL answered with, carrying its SQLSTATE as postgres.js's errors do. */
export class PostgresError extends Error {
  readonly code: string;
  constructor(fields: Map<string, string>) {
    super(fields.get('M') ?? 'PostgreSQL reported an error');
    this.name = 'PostgresError';
    this.code = fields.get('C') ?? '';
  }
}

/**
 * A SCRAM-SHA-256 exchange (RFC 5802, 7677) as PostgreSQL runs it: no channel binding, the user
 * name left empty (the server takes the startup message's).
 */
export class ScramSession {
  private readonly clientFirstBare: string;
  private serverSignature: Buffer | null = null;

  /** `nonce` and `user` are for RFC 7677's test vector; PostgreSQL gets a random nonce and '*'. */
  constructor(private readonly password: string, private readonly nonce = randomBytes(18).toString('base64'), user = '*') {
    this.clientFirstBare = `n=${user},r=${nonce}`;
  }

  /** SASLInitialResponse naming the mechanism. */
  initial(): Buffer {
    const first = Buffer.from(`n,,${this.clientFirstBare}`);
    const length = Buffer.alloc(4);
    length.writeInt32BE(first.length);
    return message('p', Buffer.concat([cstring('SCRAM-SHA-256'), length, first]));
  }

  /** The SASLResponse to the server's first message. */
  continue(serverFirst: string): Buffer {
    const attrs = new Map(serverFirst.split(',').map((part) => [part[0]!, part.slice(2)]));
    const nonce = attrs.get('r');
    const salt = attrs.get('s');
    const iterations = Number(attrs.get('i'));
    if (!nonce?.startsWith(this.nonce) || salt === undefined || !Number.isInteger(iterations) || iterations < 1) {
      throw new Error('PostgreSQL sent a SCRAM challenge this client cannot answer');
    }
    const salted = pbkdf2Sync(this.password.normalize('NFKC'), Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
    const clientKey = createHmac('sha256', salted).update('Client Key').digest();
    const storedKey = createHash('sha256').update(clientKey).digest();
    const finalBare = `c=biws,r=${nonce}`;
    const authMessage = `${this.clientFirstBare},${serverFirst},${finalBare}`;
    const clientSignature = createHmac('sha256', storedKey).update(authMessage).digest();
    const proof = Buffer.from(clientKey.map((byte, i) => byte ^ clientSignature[i]!));
    const serverKey = createHmac('sha256', salted).update('Server Key').digest();
    this.serverSignature = createHmac('sha256', serverKey).update(authMessage).digest();
    return message('p', Buffer.from(`${finalBare},p=${proof.toString('base64')}`));
  }

  /** Checks the server's final message: it proves the server knew the password too. */
  verify(serverFinal: string): void {
    const signature = Buffer.from(serverFinal.startsWith('v=') ? serverFinal.slice(2) : '', 'base64');
    if (!this.serverSignature || signature.length !== this.serverSignature.length || !timingSafeEqual(signature, this.serverSignature)) {
      throw new Error('PostgreSQL’s SCRAM signature did not match: not the server this password is for');
    }
  }
}
