import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pipelineTarget, SearchPipeline, type PipelineTarget } from '../../server/db/search-pipeline';
import type { Statement } from '../../server/db/raw';

describe('the search pipeline\'s target', () => {
  const env = {};
  it('reads host, port, user, password and database from DATABASE_URL, decoding them', () => {
    expect(pipelineTarget('postgres://app%40x:p%2Fss@db.internal:6543/market', env)).toEqual({ host: 'db.internal', port: 6543, user: 'app@x', password: 'p/ss', database: 'market' });
    expect(pipelineTarget('postgresql://app@[::1]/market?sslmode=disable', env)).toEqual({ host: '::1', port: 5432, user: 'app', password: null, database: 'market' });
  });

  it('takes what the URL leaves out from PG* variables as postgres.js does, the database defaulting to the user', () => {
    expect(pipelineTarget('postgres://', { PGHOST: 'h', PGPORT: '7000', PGUSER: 'u', PGPASSWORD: 'pw' })).toEqual({ host: 'h', port: 7000, user: 'u', password: 'pw', database: 'u' });
  });

  it('leaves TLS, Unix sockets and other connection parameters to postgres.js', () => {
    expect(pipelineTarget('postgres://app@db/market?sslmode=require', env)).toBeNull();
    expect(pipelineTarget('postgres://app@db/market?ssl=true', env)).toBeNull();
    expect(pipelineTarget('postgres://app@db/market?host=/var/run/postgresql', env)).toBeNull();
    expect(pipelineTarget('postgres://app@db/market?application_name=x', env)).toBeNull();
    expect(pipelineTarget('postgres:///market', { PGHOST: '/var/run/postgresql' })).toBeNull();
    expect(pipelineTarget('mysql://app@db/market', env)).toBeNull();
    expect(pipelineTarget('not a url', env)).toBeNull();
  });
});

/** A backend message: type, length, body. */
function backend(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

function dataRow(columns: (string | null)[]): Buffer {
  const parts = columns.map((c) => {
    const length = Buffer.alloc(4);
    if (c === null) {
      length.writeInt32BE(-1);
      return length;
    }
    const bytes = Buffer.from(c);
    length.writeInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  const count = Buffer.alloc(2);
  count.writeInt16BE(columns.length);
  return backend('D', Buffer.concat([count, ...parts]));
}

const ready = backend('Z', Buffer.from('I'));
const errorResponse = (code: string, message: string) => backend('E', Buffer.from(`SERROR\0C${code}\0M${message}\0\0`));

/**
 * A stand-in PostgreSQL backend at the edge of the test, for what a real server never does on
 * cue: answer in pieces of a few bytes, fail a startup, close mid-pipeline. It answers each
 * Execute by the statement's text: 'page' gives the row (count, cards) from its two parameters,
 * 'fail' an error (and, as PostgreSQL does, skips the rest up to the Sync), 'die' closes the
 * connection. Statement texts are recorded per Parse and per Execute.
 */
class FakeBackend {
  readonly server: Server;
  readonly parses: string[] = [];
  /** Statement texts in the order they were executed. */
  readonly executed: string[] = [];
  readonly sockets = new Set<Socket>();
  /** Bytes per write of an answer (0: whole). */
  pieces = 0;
  startupError: string | null = null;

  constructor() {
    this.server = createServer((socket) => this.accept(socket));
  }

  async listen(): Promise<PipelineTarget> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, user: 'u', password: null, database: 'd' };
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    let started = false;
    const statements = new Map<string, string>();
    let bound: { text: string; values: (string | null)[] } | null = null;
    let skipping = false;
    const send = (bytes: Buffer) => {
      if (!this.pieces) return void socket.write(bytes);
      for (let at = 0; at < bytes.length; at += this.pieces) socket.write(bytes.subarray(at, at + this.pieces));
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
          buffered = buffered.subarray(buffered.readInt32BE(0));
          started = true;
          if (this.startupError) {
            send(backend('E', Buffer.from(`SFATAL\0C08P01\0M${this.startupError}\0\0`)));
            socket.end();
            return;
          }
          send(Buffer.concat([backend('R', Buffer.from([0, 0, 0, 0])), backend('S', Buffer.from('server_version\x0016\0')), ready]));
          continue;
        }
        if (buffered.length < 5 || buffered.length < 1 + buffered.readInt32BE(1)) return;
        const type = String.fromCharCode(buffered[0]!);
        const body = buffered.subarray(5, 1 + buffered.readInt32BE(1));
        buffered = buffered.subarray(1 + buffered.readInt32BE(1));
        // After an error PostgreSQL ignores everything up to the next Sync.
        if (skipping && type !== 'S') continue;
        if (type === 'P') {
          const [name, text] = body.toString('utf8').split('\0');
          statements.set(name!, text!);
          this.parses.push(text!);
          send(backend('1'));
        } else if (type === 'B') {
          const [, name] = body.toString('utf8').split('\0');
          let at = body.indexOf(0, body.indexOf(0) + 1) + 1 + 2;
          const n = body.readInt16BE(at);
          at += 2;
          const values: (string | null)[] = [];
          for (let i = 0; i < n; i++) {
            const length = body.readInt32BE(at);
            at += 4;
            values.push(length < 0 ? null : body.toString('utf8', at, at + length));
            at += Math.max(0, length);
          }
          bound = { text: statements.get(name!) ?? '', values };
          send(backend('2'));
        } else if (type === 'E') {
          const b = bound!;
          this.executed.push(b.text);
          if (b.text === 'die') {
            socket.destroy();
            return;
          }
          if (b.text === 'fail') {
            send(errorResponse('22012', 'division by zero'));
            skipping = true;
          } else {
            send(Buffer.concat([dataRow([b.values[0] ?? null, b.values[1] ?? null]), backend('C', Buffer.from('SELECT 1\0'))]));
          }
        } else if (type === 'S') {
          skipping = false;
          send(ready);
        }
      }
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const page = (count: number, cards: string | null, name: string | null = 'page'): Statement => ({ name, text: 'page', values: [count, cards] });
const text = (run: { count: number; json: Buffer | null }) => ({ count: run.count, json: run.json === null ? null : run.json.toString('utf8') });

describe('the search pipeline against a backend that misbehaves on cue', () => {
  let fake: FakeBackend;
  let pipeline: SearchPipeline | null = null;
  afterEach(async () => {
    await pipeline?.close();
    pipeline = null;
    await fake.close();
  });

  async function open(connections = 2, pipelineDepth = 4): Promise<SearchPipeline> {
    fake = new FakeBackend();
    const target = await fake.listen();
    pipeline = new SearchPipeline({ target, connections, pipeline: pipelineDepth, idleMs: 10_000 });
    return pipeline;
  }

  it('reads answers cut into pieces of one and of three bytes, each page to its own statement, in order', async () => {
    const p = await open();
    for (const pieces of [1, 3]) {
      fake.pieces = pieces;
      const cards = Array.from({ length: 30 }, (_, i) => `{"id":${i},"name":"kort ${'æ'.repeat(i)}"}`);
      const runs = await Promise.all(cards.map((c, i) => p.cards(page(i, c))));
      expect(runs.map(text)).toEqual(cards.map((c, i) => ({ count: i, json: c })));
    }
    // A named statement is parsed once per connection, not once per run.
    expect(fake.parses.length).toBeLessThanOrEqual(2);
  });

  it('gives no cards as null, and an unnamed statement is parsed on every run', async () => {
    const p = await open(1);
    expect(text(await p.cards(page(0, null, null)))).toEqual({ count: 0, json: null });
    expect(text(await p.cards(page(3, '{"id":1}', null)))).toEqual({ count: 3, json: '{"id":1}' });
    expect(fake.parses).toEqual(['page', 'page']);
  });

  it('fails only the statement PostgreSQL refused; the ones it skipped after it in the same write run again', async () => {
    const p = await open(1, 8);
    const results = await Promise.allSettled([p.cards(page(1, 'a')), p.cards({ name: 'f', text: 'fail', values: [] }), p.cards(page(2, 'b')), p.cards(page(3, 'c'))]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ count: 1 }) });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'division by zero', code: '22012' } });
    expect(results.slice(2).map((r) => r.status === 'fulfilled' && text(r.value))).toEqual([{ count: 2, json: 'b' }, { count: 3, json: 'c' }]);
    // One write: the first page and the failure ran, then the two skipped ones in a second write.
    expect(fake.executed).toEqual(['page', 'fail', 'page', 'page']);
  });

  it('fails what a lost connection had in flight, and runs the next statement on a new one', async () => {
    const p = await open(1, 8);
    const results = await Promise.allSettled([p.cards(page(1, 'a')), p.cards({ name: 'd', text: 'die', values: [] }), p.cards(page(2, 'b'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('closed a connection for search pages');
    expect(text(await p.cards(page(5, 'again')))).toEqual({ count: 5, json: 'again' });
  });

  it('rejects what waits with the server\'s own words when it refuses the connection', async () => {
    const p = await open(1);
    fake.startupError = 'unsupported startup parameter: plan_cache_mode';
    await expect(p.cards(page(1, 'a'))).rejects.toThrow('unsupported startup parameter: plan_cache_mode');
  });

  it('rejects at once when nothing listens, and after close()', async () => {
    const p = await open(1);
    await fake.close();
    await expect(p.cards(page(1, 'a'))).rejects.toThrow(/ECONNREFUSED/);
    await p.close();
    await expect(p.cards(page(1, 'a'))).rejects.toThrow('closed');
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the search pipeline on PostgreSQL', () => {
  const target = pipelineTarget(serverUrl ?? '')!;
  const pipelines: SearchPipeline[] = [];
  const open = (overrides: Partial<PipelineTarget> = {}, parameters?: Record<string, string>) => {
    const p = new SearchPipeline({ target: { ...target, ...overrides }, connections: 2, pipeline: 16, idleMs: 10_000, parameters });
    pipelines.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pipelines.map((p) => p.close()));
  });

  const cardsOf = (name: string | null, n: number, card: string): Statement => ({
    name,
    text: 'select $1::int4 as n, string_agg(replace($2::text, \'#\', g::text), \',\') as cards from generate_series(1, $1::int4) g',
    values: [n, card],
  });

  it('runs 300 pages at once over two pipelining connections, each its own answer, long ones across many reads', async () => {
    const p = open();
    const runs = await Promise.all(Array.from({ length: 300 }, (_, i) => p.cards(cardsOf('cards', i % 7 === 0 ? 3000 : i % 24, `{"id":#,"name":"blåbær ${i}"}`))));
    runs.forEach((run, i) => {
      const n = i % 7 === 0 ? 3000 : i % 24;
      expect(run.count).toBe(n);
      expect(run.json === null ? null : run.json.toString('utf8')).toBe(n ? Array.from({ length: n }, (_, g) => `{"id":${g + 1},"name":"blåbær ${i}"}`).join(',') : null);
    });
    expect(runs[7]!.json!.length).toBeGreaterThan(65_536);
  });

  it('passes arrays, NULLs and non-ASCII text as their values', async () => {
    const p = open();
    const run = await p.cards({ name: null, text: 'select cardinality($1::text[])::int4, array_to_string($1::text[], \'|\', \'∅\') || coalesce($2::text, \'(null)\')', values: [['a"b', 'c\\d', null, 'ø,{}'], null] });
    expect(text(run)).toEqual({ count: 4, json: 'a"b|c\\d|∅|ø,{}(null)' });
  });

  it('fails a statement PostgreSQL refuses with its SQLSTATE, parses a failed statement again, and keeps the connection', async () => {
    const p = open();
    const broken: Statement = { name: 'broken', text: 'selec 1', values: [] };
    for (let i = 0; i < 2; i++) await expect(p.cards(broken)).rejects.toMatchObject({ code: '42601' });
    await expect(p.cards({ name: 'zero', text: 'select 1 / $1::int4, \'x\'', values: [0] })).rejects.toMatchObject({ code: '22012' });
    expect(text(await p.cards({ name: 'zero', text: 'select 1 / $1::int4, \'x\'', values: [1] }))).toEqual({ count: 1, json: 'x' });
  });

  it('fails only the refused statements of a write; the pages PostgreSQL skipped after them run again', async () => {
    const p = open();
    const ok = (i: number) => p.cards(cardsOf('cards', i, '{"id":#}'));
    const results = await Promise.allSettled([ok(1), p.cards({ name: 'zero', text: 'select 1 / $1::int4, \'x\'', values: [0] }), ok(2),
      p.cards({ name: 'broken2', text: 'selec 2', values: [] }), ok(3), ok(4)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.count : (r.reason as { code: string }).code))).toEqual([1, '22012', 2, '42601', 3, 4]);
    expect(text(await p.cards({ name: 'zero', text: 'select 1 / $1::int4, \'x\'', values: [1] }))).toEqual({ count: 1, json: 'x' });
  });

  it('gives rows as postgres.js gives them: numbers, booleans, JSON, arrays, int8 and numeric as text, NULLs', async () => {
    const p = open();
    const statement: Statement = {
      name: 'typed',
      text: 'select 1::int2 as a, 2::int4 as b, 9007199254740993::int8 as c, 1.5::float8 as d, 12.30::numeric as e, true as f, \'x\'::text as g,'
        + ' null::int4 as h, \'{"k":[1,"ø"]}\'::jsonb as i, array[\'a"b\', \'c,d\', \'NULL\', \'{}\', \'back\\\\slash\']::text[] as j, array[3, -4, 5]::int4[] as k,'
        + ' array[]::text[] as l, $1::text as m, array[true, false]::bool[] as n, \'\'::text as o from generate_series(1, $2::int4)',
      values: ['blåbær', 2],
    };
    const sql = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    try {
      const reference = [...await sql.unsafe(statement.text, statement.values as never[])];
      const rows = await p.rows(statement);
      expect(rows).toEqual(reference);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ c: '9007199254740993', e: '12.30', j: ['a"b', 'c,d', 'NULL', '{}', 'back\\\\slash'], k: [3, -4, 5], l: [] });
    } finally {
      await sql.end();
    }
    // A NULL element is null (postgres.js gives 'NULL' and NaN for these); a quoted 'NULL' is the text.
    const nulls = await p.rows({ name: null, text: 'select array[null, \'NULL\']::text[] as t, array[null, 1]::int4[] as i', values: [] });
    expect(nulls).toEqual([{ t: [null, 'NULL'], i: [null, 1] }]);
  });

  it('runs rows and pages side by side in one write, each statement its own answer', async () => {
    const p = open();
    const counts: Statement = { name: 'lexeme-ish', text: 'select x.lexeme, length(x.lexeme)::int as n from unnest($1::text[]) as x(lexeme)', values: [['fotograf', 'bergen', 'ø']] };
    const [a, b, c, d] = await Promise.all([p.rows(counts), p.cards(cardsOf('cards', 2, '{"id":#}')), p.rows({ ...counts, values: [[]] }), p.cards(cardsOf('cards', 0, 'x'))]);
    expect(a).toEqual([{ lexeme: 'fotograf', n: 8 }, { lexeme: 'bergen', n: 6 }, { lexeme: 'ø', n: 1 }]);
    expect(text(b)).toEqual({ count: 2, json: '{"id":1},{"id":2}' });
    expect(c).toEqual([]);
    expect(text(d)).toEqual({ count: 0, json: null });
  });

  it('opens a new connection after PostgreSQL ends one, and sends its startup parameters', async () => {
    const p = open({}, { plan_cache_mode: 'force_generic_plan' });
    const pid: Statement = { name: 'pid', text: 'select pg_backend_pid(), current_setting(\'plan_cache_mode\')', values: [] };
    const first = await p.cards(pid);
    expect(first.json?.toString()).toBe('force_generic_plan');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [first.count]);
    } finally {
      await admin.end();
    }
    // The first run after the kill may meet the dead connection; a following one runs on a new one.
    const after = await p.cards(pid).catch(() => p.cards(pid));
    expect(after.count).not.toBe(first.count);
  });

  describe('signing in with a password', () => {
    const methods = [['card_scram', 'scram-sha-256'], ['card_md5', 'md5'], ['card_clear', 'password']] as const;
    it.each(methods)('as %s (%s, when pg_hba.conf asks for it: .ci/run sets it up)', async (role, method) => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      let rules: number;
      try {
        rules = (await admin.query<{ n: number }>('select count(*)::int as n from pg_hba_file_rules where $1 = any(user_name) and auth_method = $2', [role, method])).rows[0]!.n;
        if (rules > 0) {
          await admin.query(`set password_encryption = '${method === 'md5' ? 'md5' : 'scram-sha-256'}'`);
          await admin.query(`do $$ begin if not exists (select 1 from pg_roles where rolname = '${role}') then create role ${role} login; end if; end $$`);
          await admin.query(`alter role ${role} password 'pålitelig "pw"'`);
        }
      } finally {
        await admin.end();
      }
      // Where pg_hba.conf trusts everyone there is no password to check; CI's cluster has the rules.
      if (process.env.CARD_AUTH_ROLES === 'required') expect(rules).toBe(1);
      if (rules === 0) return;
      const select: Statement = { name: 'who', text: 'select 7, current_user::text', values: [] };
      expect(text(await open({ user: role, password: 'pålitelig "pw"' }).cards(select))).toEqual({ count: 7, json: role });
      await expect(open({ user: role, password: 'wrong' }).cards(select)).rejects.toThrow(/password authentication failed/);
      await expect(open({ user: role, password: null }).cards(select)).rejects.toThrow('asked for a password');
    });
  });
});
