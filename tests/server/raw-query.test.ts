import type { Sql } from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import { postgresRaw, type Statement } from '../../server/db/raw';

/**
 * A stand-in for a postgres.js client that answers every statement with one row, or refuses its
 * connections the way PgBouncer refuses a startup parameter it does not know. Only the outside of
 * the driver is faked; the same runners run against PostgreSQL in the server suite's second run.
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

  it('run the pages on the card runners when given, generic ones on the generic runner, under the same fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const ran: string[] = [];
      const runner = (kind: string, refuse = false) => async (s: Statement) => {
        ran.push(`${kind}:${s.name}`);
        if (refuse) throw new Error('unsupported startup parameter: plan_cache_mode');
        return { count: 1, json: Buffer.from(kind) };
      };
      const plain = fakeClient('row');
      const { rawCards } = postgresRaw(plain.client, fakeClient('row').client, { plain: runner('plain'), generic: runner('generic') });
      expect(String((await rawCards(genericStatement)).json)).toBe('generic');
      expect(String((await rawCards({ ...genericStatement, genericPlan: false })).json)).toBe('plain');
      expect(plain.sent).toEqual([]);
      const refused = postgresRaw(plain.client, fakeClient('row').client, { plain: runner('plain'), generic: runner('generic', true) });
      expect(String((await refused.rawCards(genericStatement)).json)).toBe('plain');
      expect(String((await refused.rawCards(genericStatement)).json)).toBe('plain');
      expect(ran).toEqual(['generic:page:newest', 'plain:page:newest', 'generic:page:newest', 'plain:page:newest', 'plain:page:newest']);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
