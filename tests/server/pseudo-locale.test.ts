import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lengthen, PSEUDO_GROWTH } from '../../scripts/pseudo-locale';
import { PSEUDO_CATALOG_PATH } from '../../server/modules/dev/pseudo-locale';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the pseudo-locale text (scripts/pseudo-locale.ts)', () => {
  it('brackets a message and pads it about 35 % longer, in runs that can wrap', () => {
    expect(lengthen(['Śàvē ćĥàńĝēś'])).toEqual(['[', 'Śàvē ćĥàńĝēś', '~~~~~]']);
    const long = 'x'.repeat(40);
    const padded = lengthen([long]) as string[];
    expect(padded.at(-1)).toBe('~~~~~~ ~~~~~~ ~~]');
    expect(padded.join('').replace(/ /g, '').length).toBeGreaterThanOrEqual(Math.round(long.length * (1 + PSEUDO_GROWTH)));
  });

  it('leaves placeholders alone, counts a plural as its longest branch and tags as no text', () => {
    const plural = [['count', 'plural', { offset: undefined, one: ['#', ' ĺĩśţĩńĝ'], other: ['#', ' ĺĩśţĩńĝś'] }]];
    expect(lengthen(plural as never)).toEqual(['[', ...plural, '~~~~]']);
    expect(lengthen(['<0>ĥēĺĺō</0>', ['name']])).toEqual(['[', '<0>ĥēĺĺō</0>', ['name'], '~~~~]']);
    expect(lengthen([])).toEqual([]);
  });
});

describe('GET /dev/pseudo-locale/messages.js', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestApp({ pseudoLocale: true }), createTestApp()]);
  });
  afterAll(() => Promise.all([on?.close(), off?.close()]));

  it('serves the whole catalog in the pseudo-locale as a module when PSEUDO_LOCALE is on', async () => {
    const res = await on.request({ method: 'GET', url: PSEUDO_CATALOG_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    const json = /^export const messages = JSON\.parse\((".*")\);\n$/s.exec(res.body)?.[1];
    const messages = JSON.parse(JSON.parse(json!) as string) as Record<string, unknown[]>;
    expect(Object.keys(messages).length).toBeGreaterThan(500);
    // "Log in", accented and padded.
    expect(Object.values(messages).map((m) => m.join(''))).toContain('[Ĺōĝ ĩń~~~]');
  });

  it('is not there otherwise (production)', async () => {
    const res = await off.request({ method: 'GET', url: PSEUDO_CATALOG_PATH });
    expect(res.statusCode).toBe(404);
  });
});
