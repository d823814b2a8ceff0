import { PGlite } from '@electric-sql/pglite';
import { wordsPageStatement } from './server/modules/listings/search-sql';
const client = new PGlite('.tmp/bench-data/db');
const show = async (label: string, text: string, values: unknown[]) => {
  const t0 = performance.now();
  const r = await client.query<{ 'QUERY PLAN': string }>(`explain analyze ${text}`, values);
  console.log(`--- ${label} ${(performance.now() - t0).toFixed(1)} ms`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).filter((l) => /Join|Scan|Loop|Execution|Hash|Limit|Sort/.test(l)).join('\n'));
};
for (const b of [[['bergen', 'fotograf']], [['oslo', 'cater']], [['live', 'music']]]) {
  const s = wordsPageStatement(b, 'newest', 24, 0);
  await show(JSON.stringify(b), s.text, s.values);
}
console.log((await client.query(`select relname, n_live_tup, last_vacuum, last_autovacuum, last_analyze from pg_stat_user_tables where relname in ('listing_words','listings')`)).rows);
await client.close();
