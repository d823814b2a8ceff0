import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useCategories } from '../../db/hooks';
import { pullTaxonomy } from '../../sync/pull';
import { Image } from '../../ui/Image';
import { Skeleton } from '../../ui/Skeleton';
import { paths } from '../../app/paths';

/** Category cards from Dexie; the taxonomy is pulled on mount (offline, the stored one shows). */
export function CategoryCards() {
  const categories = useCategories();
  const [pulling, setPulling] = useState(true);

  useEffect(() => {
    // A failed pull (offline) is fine: Dexie keeps what the last one wrote.
    pullTaxonomy().catch(() => undefined).finally(() => setPulling(false));
  }, []);

  const waiting = categories === undefined || (categories.length === 0 && pulling);
  if (!waiting && categories.length === 0) return null;

  return (
    <section className="mt-12" aria-labelledby="home-categories">
      <h2 id="home-categories" className="text-2xl font-semibold"><Trans>Categories</Trans></h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy={waiting || undefined}>
        {waiting
          ? Array.from({ length: 8 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <Skeleton style={{ aspectRatio: '4 / 3' }} />
                <Skeleton className="mt-2 h-5 w-2/3" />
              </li>
            ))
          : categories.map((category, index) => (
              <li key={category.id}>
                <Link href={paths.listings.href(new URLSearchParams({ categoryId: category.id }).toString())} className="group block overflow-hidden rounded-lg border border-border bg-surface hover:shadow-md focus-visible:ring-2 focus-visible:ring-accent">
                  <Image fileId={category.imageUri} width={400} alt="" aspectRatio="4 / 3" sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
                    priority={index < 4} />
                  <span className="block p-3 font-semibold">{category.name}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
