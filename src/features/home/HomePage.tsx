import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/Button';
import { inputClass } from '../../ui/TextField';
import { BeInspired } from './BeInspired';
import { CategoryCards } from './CategoryCards';

/** Home: hero with the search box, category cards, the event-planner promo and 'Be inspired'. */
export default function HomePage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <section className="flex flex-col items-center gap-6 py-10 text-center" aria-labelledby="home-title">
        <h1 id="home-title" className="text-4xl font-bold tracking-tight text-accent sm:text-5xl">EventMarket</h1>
        <p className="max-w-2xl text-lg text-fg"><Trans>Find event-service suppliers in Norway and Sweden</Trans></p>
        {/* A plain GET form too, so the server-rendered page searches before it is hydrated. */}
        <form role="search" action={paths.search.path} method="get" className="w-full max-w-xl" onSubmit={(e) => {
          e.preventDefault();
          const q = query.trim();
          // Blank input is ignored (spec 1 §2).
          if (q) navigate(paths.search.href(q));
        }}>
          <label htmlFor="home-search" className="sr-only"><Trans>Search for suppliers</Trans></label>
          <input id="home-search" name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)}
            placeholder={t`Search for venues, catering, music…`} className={inputClass} />
        </form>
      </section>
      <CategoryCards />
      <section className="mt-12 rounded-lg border border-border bg-surface p-6" aria-labelledby="planner-promo">
        <h2 id="planner-promo" className="text-xl font-semibold"><Trans>Plan your event</Trans></h2>
        <p className="mt-2 text-muted"><Trans>Draft your event with the event planner, even without a connection, and send it to suppliers when you are ready.</Trans></p>
        <Link href={paths.planner.href()} className={buttonClass('primary', 'mt-4')}><Trans>Open the event planner</Trans></Link>
      </section>
      <BeInspired />
    </div>
  );
}
