import { connect, type Socket } from 'node:net';
import { userInfo } from 'node:os';
import { type CardRun, NO_CARDS, type Statement } from './raw';
import { bindExecute, decodeText, errorFields, type Field, md5Password, parseMessage, passwordMessage, PostgresError, rowDescription, ScramSession, startupMessage, SYNC, TERMINATE } from './pg-wire';

/**
 * Where a search pipeline connects. null when the URL asks for what it does not speak (TLS, a
 * Unix socket, other connection parameters): those deployments run the search on postgres.js.
 */
export interface PipelineTarget {
  host: string;
  port: number;
  user: string;
  password: string | null;
  database: string;
}

/** The URL's target, with postgres.js's defaults (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE). */
export function pipelineTarget(url: string, env: NodeJS.ProcessEnv = process.env): PipelineTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return null;
  const plainTcp = [...parsed.searchParams].every(([key, value]) => (key === 'sslmode' || key === 'ssl') && (value === 'disable' || value === 'false'));
  if (!plainTcp || (!parsed.hostname && env.PGHOST?.startsWith('/'))) return null;
  const user = decodeURIComponent(parsed.username) || env.PGUSERNAME || env.PGUSER || userInfo().username;
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || env.PGHOST || 'localhost',
    port: Number(parsed.port || env.PGPORT || 5432),
    user,
    password: parsed.password ? decodeURIComponent(parsed.password) : env.PGPASSWORD ?? null,
    database: decodeURIComponent(parsed.pathname.slice(1)) || env.PGDATABASE || user,
  };
}

export interface PipelineOptions {
  target: PipelineTarget;
  /** Connections at most, opened on demand. */
  connections: number;
  /** Statements in flight on one connection at most; the rest wait for room. */
  pipeline: number;
  /** A connection idle this long is closed. */
  idleMs: number;
  /** Startup parameters beyond user and database (plan_cache_mode). */
  parameters?: Record<string, string>;
}

interface Pending {
  statement: Statement;
  /** A page's count and cards (rows null), or rows as objects (`rows`, decoded by `fields`). */
  resolve: (result: CardRun | Record<string, unknown>[]) => void;
  reject: (error: Error) => void;
  count: number;
  json: Buffer | null;
  rows: Record<string, unknown>[] | null;
  fields: Field[] | null;
  /** What its row was wrong in, failing it at its end. */
  error: Error | null;
  /** Its Parse went out with it, and whether PostgreSQL confirmed it (ParseComplete). */
  parsing: boolean;
  parsed: boolean;
  /** The write (and so the implicit transaction, up to its Sync) it went out in, on its connection. */
  batch: number;
  /** Times it went out again after PostgreSQL skipped it (an error before it in its batch). */
  retries: number;
}

/** How often a statement PostgreSQL skipped, or lost the prepared form of, is sent again. */
const MAX_RETRIES = 3;

/** What runs on closed search connections fails with. */
const closedError = () => new Error('The search connections are closed');

/**
 * Runs the search's statements over a few PostgreSQL connections of its own, speaking the
 * protocol directly: each statement is one Bind/Execute, prepared once per connection, every
 * statement issued in one turn of the event loop goes out in one write per connection with one
 * Sync, and a page's row (a count and a text: server/db/raw.ts, RawCards) comes back with its
 * text a view of the socket's bytes. postgres.js did the same with a general driver's work
 * around it (a query object, a result array, a buffer concatenated a statement at a time), about
 * a tenth of a cold search's CPU in the server (docs/decisions.md, "A protocol client for search
 * pages"). Other statements (the counts) give their rows as objects, decoded as postgres.js does.
 */
export class SearchPipeline {
  private readonly connections = new Set<Connection>();
  private readonly waiting: Pending[] = [];
  /** A server-side name per statement text: names are PostgreSQL's to compare (63 bytes), texts ours. */
  private readonly names = new Map<string, string>();
  private closed = false;

  constructor(private readonly options: PipelineOptions) {}

  /** A search page: its statement's one row, a count and the cards' JSON as bytes. */
  cards(statement: Statement): Promise<CardRun> {
    return this.enqueue(statement, null) as Promise<CardRun>;
  }

  /** A statement's rows, each an object of its columns. */
  rows<Row>(statement: Statement): Promise<Row[]> {
    return this.enqueue(statement, []) as Promise<Row[]>;
  }

  private enqueue(statement: Statement, rows: Record<string, unknown>[] | null): Promise<CardRun | Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ statement, resolve, reject, count: 0, json: null, rows, fields: null, error: null, parsing: false, parsed: false, batch: 0, retries: 0 });
      this.dispatch();
    });
  }

  /** The statement's server-side name, or '' for one parsed on each run. */
  nameOf(statement: Statement): string {
    if (statement.name === null) return '';
    let name = this.names.get(statement.text);
    if (name === undefined) {
      name = `card${this.names.size + 1}`;
      this.names.set(statement.text, name);
    }
    return name;
  }

  /** Hands waiting statements to the least busy connection with room, opening one when all are busy. */
  dispatch(): void {
    while (this.waiting.length > 0) {
      let best: Connection | null = null;
      let opening = false;
      for (const c of this.connections) {
        if (c.state === 'opening') opening = true;
        else if (c.state === 'ready' && c.inflight.length < this.options.pipeline && (!best || c.inflight.length < best.inflight.length)) best = c;
      }
      if ((!best || best.inflight.length > 0) && !opening && this.connections.size < this.options.connections) {
        this.connections.add(new Connection(this, this.options));
      }
      if (!best) return;
      best.send(this.waiting.shift()!);
    }
  }

  /**
   * Statements PostgreSQL did not run (skipped after an error in their batch, or bound to a
   * prepared statement the server no longer had) go out again first, in their order. They only
   * read, so running one again is safe.
   */
  retry(pendings: Pending[], cause: Error): void {
    const again = pendings.filter((p) => {
      if (p.retries >= MAX_RETRIES) p.reject(cause);
      return p.retries < MAX_RETRIES;
    });
    for (const p of again) {
      p.retries += 1;
      p.count = 0;
      p.json = null;
      if (p.rows) p.rows = [];
      p.fields = null;
      p.error = null;
      p.parsing = false;
      p.parsed = false;
    }
    this.waiting.unshift(...again);
    this.dispatch();
  }

  /**
   * A connection is gone. One that never opened fails what waits when no other is left (the
   * server is down or refuses us: waiting would never end); otherwise the next connection takes it.
   */
  dropped(connection: Connection, neverOpened: Error | null): void {
    this.connections.delete(connection);
    if (neverOpened && this.connections.size === 0) {
      for (const p of this.waiting.splice(0)) p.reject(neverOpened);
    } else if (!this.closed) {
      this.dispatch();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = closedError();
    for (const p of this.waiting.splice(0)) p.reject(error);
    await Promise.all([...this.connections].map((c) => c.end()));
  }
}

type State = 'opening' | 'ready' | 'closed';

class Connection {
  state: State = 'opening';
  /** Sent, in order, each until its CommandComplete or ErrorResponse (or its batch's end, skipped). */
  readonly inflight: Pending[] = [];
  private readonly socket: Socket;
  private readonly prepared = new Set<string>();
  private outgoing: Buffer[] = [];
  private flushQueued = false;
  /** Writes sent, and writes PostgreSQL has answered to their Sync. */
  private sentBatches = 0;
  private doneBatches = 0;
  /** Reads holding the start of a message not yet whole, and how many bytes they hold. */
  private partial: Buffer[] = [];
  private partialLength = 0;
  private scram: ScramSession | null = null;
  private readonly closedPromise: Promise<void>;

  constructor(private readonly pool: SearchPipeline, private readonly options: PipelineOptions) {
    const { target } = options;
    this.socket = connect({ host: target.host, port: target.port, noDelay: true });
    this.socket.setTimeout(options.idleMs);
    this.closedPromise = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.socket.on('connect', () => {
      this.socket.write(startupMessage({ user: target.user, database: target.database, client_encoding: 'UTF8', ...options.parameters }));
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('timeout', () => {
      if (this.state === 'opening') this.fail(new Error(`PostgreSQL did not answer a new connection for search pages within ${options.idleMs / 1000} s`));
      else if (this.inflight.length === 0) void this.end();
    });
    this.socket.on('error', (error) => this.fail(new Error(`PostgreSQL connection for search pages: ${error.message}`)));
    this.socket.on('close', () => this.fail(new Error('PostgreSQL closed a connection for search pages')));
  }

  send(p: Pending): void {
    const name = this.pool.nameOf(p.statement);
    if (name === '' || !this.prepared.has(name)) {
      p.parsing = true;
      this.outgoing.push(parseMessage(name, p.statement.text));
      // Optimistic: the statements after it on this connection come after its Parse. One that
      // fails to parse is forgotten again (below).
      if (name !== '') this.prepared.add(name);
    }
    // Rows are decoded by their columns' types: a Describe of the portal gives them each run.
    this.outgoing.push(bindExecute(name, p.statement.values, p.rows !== null));
    p.batch = this.sentBatches;
    this.inflight.push(p);
    if (!this.flushQueued) {
      this.flushQueued = true;
      // Everything the statements of this turn of the event loop add goes out in one write.
      setImmediate(() => this.flush());
    }
  }

  /**
   * Sends the turn's statements with one Sync after them: PostgreSQL runs them in one implicit
   * transaction and sends their answers together at its end, where a Sync each made a
   * transaction, a ReadyForQuery and a send() of its own for every statement.
   */
  private flush(): void {
    this.flushQueued = false;
    if (this.state === 'closed' || this.outgoing.length === 0) return;
    this.outgoing.push(SYNC);
    const bytes = Buffer.concat(this.outgoing);
    this.outgoing = [];
    this.sentBatches += 1;
    this.socket.write(bytes);
  }

  private read(chunk: Buffer): void {
    let bytes = chunk;
    if (this.partial.length > 0) {
      // A message longer than a read (a page of long cards): wait for all of it, then join once.
      this.partial.push(chunk);
      this.partialLength += chunk.length;
      const first = this.partial[0]!;
      const needed = first.length >= 5 ? 1 + first.readInt32BE(1) : 5;
      if (this.partialLength < needed) return;
      bytes = Buffer.concat(this.partial, this.partialLength);
      this.partial = [];
      this.partialLength = 0;
    }
    let at = 0;
    while (bytes.length - at >= 5) {
      const length = bytes.readInt32BE(at + 1);
      if (bytes.length - at < 1 + length) break;
      try {
        this.handle(bytes[at]!, bytes, at + 5, at + 1 + length);
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      at += 1 + length;
    }
    if (at < bytes.length) {
      const rest = bytes.subarray(at);
      this.partial.push(rest);
      this.partialLength = rest.length;
    }
  }

  private handle(type: number, bytes: Buffer, start: number, end: number): void {
    switch (type) {
      case 0x31: { // 1: ParseComplete
        const p = this.inflight[0];
        if (p) p.parsed = true;
        return;
      }
      case 0x54: { // T: RowDescription
        const p = this.inflight[0];
        if (p) p.fields = rowDescription(bytes, start);
        return;
      }
      case 0x44: { // D: DataRow; a page's one row: its count's digits, then its text
        const p = this.inflight[0];
        if (!p) return;
        if (p.rows) {
          p.rows.push(this.decodeRow(p.fields, bytes, start));
          return;
        }
        if (bytes.readInt16BE(start) < 2) {
          p.error = new Error('A search page\'s statement must give a count and a text');
          return;
        }
        let at = start + 2;
        const countLength = bytes.readInt32BE(at);
        at += 4;
        p.count = countLength < 0 ? 0 : Number(bytes.toString('latin1', at, at + countLength));
        at += Math.max(0, countLength);
        const jsonLength = bytes.readInt32BE(at);
        at += 4;
        p.json = jsonLength < 0 ? null : bytes.subarray(at, at + jsonLength);
        return;
      }
      case 0x43: // C: CommandComplete, the statement's end
      case 0x49: { // I: EmptyQueryResponse
        const p = this.inflight.shift();
        if (p?.error) p.reject(p.error);
        else if (p?.rows) p.resolve(p.rows);
        else if (p) p.resolve(p.json === null && p.count === 0 ? NO_CARDS : { count: p.count, json: p.json });
        return;
      }
      case 0x45: { // E: ErrorResponse
        const error = new PostgresError(errorFields(bytes.subarray(start, end)));
        if (this.state === 'opening') throw error;
        const p = this.inflight.shift();
        if (!p) return;
        // Its Parse failed, or the server no longer has the statement: the next run parses it again.
        const lost = error.code === '26000';
        if ((p.parsing && !p.parsed) || lost) this.prepared.delete(this.pool.nameOf(p.statement));
        if (lost) this.pool.retry([p], error);
        else p.reject(error);
        return;
      }
      case 0x5a: { // Z: ReadyForQuery, a batch's end
        if (this.state === 'opening') {
          this.state = 'ready';
          this.pool.dispatch();
          return;
        }
        // What is left of the batch PostgreSQL skipped after an error; a Parse among them did
        // not happen either.
        const done = this.doneBatches++;
        const skipped: Pending[] = [];
        while (this.inflight.length > 0 && this.inflight[0]!.batch === done) skipped.push(this.inflight.shift()!);
        for (const p of skipped) if (p.parsing) this.prepared.delete(this.pool.nameOf(p.statement));
        if (skipped.length > 0) this.pool.retry(skipped, new Error('PostgreSQL skipped a search page after an error before it'));
        else this.pool.dispatch();
        return;
      }
      case 0x52: // R: authentication
        this.authenticate(bytes.readInt32BE(start), bytes.subarray(start + 4, end));
        return;
      default:
        // BindComplete, NoData, ParameterStatus, BackendKeyData, NoticeResponse: nothing to do.
    }
  }

  private decodeRow(fields: Field[] | null, bytes: Buffer, start: number): Record<string, unknown> {
    if (!fields) throw new Error('PostgreSQL sent a row before its description');
    const row: Record<string, unknown> = {};
    let at = start + 2;
    for (const field of fields) {
      const length = bytes.readInt32BE(at);
      at += 4;
      row[field.name] = length < 0 ? null : decodeText(field.type, bytes.toString('utf8', at, at + length));
      at += Math.max(0, length);
    }
    return row;
  }

  private authenticate(kind: number, data: Buffer): void {
    const { user, password } = this.options.target;
    const needPassword = () => {
      if (password === null) throw new Error('PostgreSQL asked for a password and DATABASE_URL has none');
      return password;
    };
    switch (kind) {
      case 0: return; // AuthenticationOk
      case 3: this.socket.write(passwordMessage(needPassword())); return;
      case 5: this.socket.write(md5Password(user, needPassword(), data.subarray(0, 4))); return;
      case 10: { // SASL: the mechanisms offered
        if (!data.toString('utf8').split('\0').includes('SCRAM-SHA-256')) throw new Error('PostgreSQL offered no SASL mechanism this client speaks');
        this.scram = new ScramSession(needPassword());
        this.socket.write(this.scram.initial());
        return;
      }
      case 11: this.socket.write(this.scramSession().continue(data.toString('utf8'))); return;
      case 12: this.scramSession().verify(data.toString('utf8')); return;
      default: throw new Error(`PostgreSQL asked for an authentication this client does not speak (${kind})`);
    }
  }

  private scramSession(): ScramSession {
    if (!this.scram) throw new Error('PostgreSQL continued a SASL exchange that was not started');
    return this.scram;
  }

  /** Marks the connection closed, fails what it had in flight, and tells the pool (why, if it never opened). */
  private teardown(error: Error, neverOpened: boolean): void {
    this.state = 'closed';
    for (const p of this.inflight.splice(0)) p.reject(error);
    this.pool.dropped(this, neverOpened ? error : null);
  }

  private fail(error: Error): void {
    if (this.state === 'closed') return;
    this.teardown(error, this.state === 'opening');
    this.socket.destroy();
  }

  async end(): Promise<void> {
    if (this.state !== 'closed') {
      const wasReady = this.state === 'ready';
      this.teardown(closedError(), false);
      if (wasReady) this.socket.end(TERMINATE);
      else this.socket.destroy();
    }
    await this.closedPromise;
  }
}
