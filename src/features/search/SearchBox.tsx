import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/TextField';

/** Search again: the trimmed text goes to /search?q=…; blank text is ignored (spec 1 §5). */
export function SearchBox({ initial }: { initial: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState(initial);
  return (
    // A plain GET form too, so the server-rendered page searches before it is hydrated.
    <form role="search" action={paths.search.path} method="get" className="flex w-full max-w-xl gap-2" onSubmit={(e) => {
      e.preventDefault();
      const q = query.trim();
      if (q) navigate(paths.search.href(q));
    }}>
      <label htmlFor="search-page-box" className="sr-only">{t`Search for suppliers`}</label>
      <input id="search-page-box" name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)}
        placeholder={t`Search for venues, catering, music…`} className={inputClass} data-testid="search-box" />
      <Button type="submit">{t`Search`}</Button>
    </form>
  );
}
