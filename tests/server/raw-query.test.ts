import postgres, { type Sql } from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import { pipelineRaw, postgresRaw, type Statement } from '../../server/db/raw';
import { pipelineTarget, SearchPipeline } from '../../server/db/search-pipeline';

/**
 * A stand-in for a postgres.js client that answers every statement with one row, or refuses its
 * connections the way PgBouncer refuses a startup parameter it does not know. Only the outside of
 * the driver is faked; below, the same runners run against PostgreSQL beside the search's own
 * client (TEST_DATABASE_URL), as a URL with TLS would run them.
 */
function fakeClient(answer: 'row' | 'refused') {
  const sent: string[] = [];
  const unsafe = (text: string) => {
    sent.push(text);
    const result = answer === 'row'
      ? Promise.resolve([{ cards: '{"id":1}' }])
      : Promise.reject(new Error('unsupported startup parameter: plan_cache_mode'));
    // The row as postgres.js's raw() gives it: each column's wire bytes (text), null for SQL null.
    const raw = () => result.then(() => [[Buffer.from('12'), Buffer.from('{"id":1},{"id":2}')]]);
    return Object.assign(result, { raw });
  };
  return { client: { unsafe } as unknown as Sql, sent };
}

const genericStatement: Statement = { name: 'page:newest', genericPlan: true, text: 'select cards from page', values: [] };

describe('the search statements on postgres.js', () => {
  it('send a genericPlan statement to the generic client and any other to the plain one', async () => {
    const plain = fakeClient('row');
    const generic = fakeClient('row');
    const { rawQuery, rawCards } = postgresRaw(plain.client, generic.client);
    expect(await rawQuery(genericStatement)).toEqual([{ cards: '{"id":1}' }]);
    const run = await rawCards({ ...genericStatement, name: null });
    expect({ count: run.count, json: String(run.json) }).toEqual({ count: 12, json: '{"id":1},{"id":2}' });
    expect(generic.sent).toEqual(['select cards from page']);
    expect(plain.sent).toEqual(['select cards from page']);
  });

  it('fall back to the plain client, once and for good, when a pooler refuses plan_cache_mode', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const plain = fakeClient('row');
      const generic = fakeClient('refused');
      const { rawQuery, rawCards } = postgresRaw(plain.client, generic.client);
      expect(await rawQuery(genericStatement)).toEqual([{ cards: '{"id":1}' }]);
      expect(String((await rawCards(genericStatement)).json)).toEqual('{"id":1},{"id":2}');
      expect(generic.sent).toHaveLength(1);
      expect(plain.sent).toHaveLength(2);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toContain('refused generic plans');
    } finally {
      warn.mockRestore();
    }
  });

  it('pass on any other error of the generic client', async () => {
    const plain = fakeClient('row');
    const failing = { unsafe: () => Object.assign(Promise.reject(new Error('relation "page" does not exist')), { raw: () => Promise.reject(new Error('no')) }) } as unknown as Sql;
    const { rawQuery } = postgresRaw(plain.client, failing);
    await expect(rawQuery(genericStatement)).rejects.toThrow('relation "page" does not exist');
    expect(plain.sent).toHaveLength(0);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('postgres.js and the search pipeline on PostgreSQL', () => {
  it('give the same pages and rows for the same statements', async () => {
    const plain = postgres(serverUrl!, { max: 2, onnotice: () => {} });
    const generic = postgres(serverUrl!, { max: 1, onnotice: () => {}, connection: { plan_cache_mode: 'force_generic_plan' } });
    const target = pipelineTarget(serverUrl!)!;
    const pipelines = [new SearchPipeline({ target, connections: 2, pipeline: 4, idleMs: 10_000 }),
      new SearchPipeline({ target, connections: 1, pipeline: 4, idleMs: 10_000, parameters: { plan_cache_mode: 'force_generic_plan' } })] as const;
    try {
      const viaSql = postgresRaw(plain, generic);
      const viaPipeline = pipelineRaw(...pipelines);
      const page = (n: number, genericPlan: boolean): Statement => ({ name: `same-page-${genericPlan}`, genericPlan, values: [n],
        text: 'select $1::int4 as n, string_agg(format(\'{"id":%s,"name":"kort ø"}\', g), \',\') as cards from generate_series(1, $1::int4) g' });
      const rows: Statement = { name: null, values: [['fotograf', 'berg']],
        text: 'select x.lexeme, length(x.lexeme)::int as n, array[1, 2]::int4[] as held, current_setting(\'plan_cache_mode\') as mode from unnest($1::text[]) as x(lexeme)' };
      for (const [n, genericPlan] of [[0, false], [3, false], [3, true]] as const) {
        const [a, b] = await Promise.all([viaSql.rawCards(page(n, genericPlan)), viaPipeline.rawCards(page(n, genericPlan))]);
        expect({ count: b.count, json: b.json?.toString() }).toEqual({ count: a.count, json: a.json?.toString() });
      }
      for (const genericPlan of [false, true]) {
        const statement = { ...rows, name: genericPlan ? 'same-rows' : null, genericPlan };
        const [a, b] = await Promise.all([viaSql.rawQuery(statement), viaPipeline.rawQuery(statement)]);
        expect(b).toEqual(a);
        expect(b[0]).toEqual({ lexeme: 'fotograf', n: 8, held: [1, 2], mode: genericPlan ? 'force_generic_plan' : 'auto' });
      }
    } finally {
      await Promise.all([plain.end(), generic.end(), ...pipelines.map((p) => p.close())]);
    }
  });
});
