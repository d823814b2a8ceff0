import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSsrData } from '../../ui/ssr-data';
import { useCategories } from '../../db/hooks';
import { pullsWhenAllowed } from '../../sync/pulls-later';
import { Image } from '../../ui/Image';
import { Skeleton } from '../../ui/Skeleton';
import { paths } from '../../config/paths';

/** Category cards from Dexie; the taxonomy is pulled on mount (offline, the stored one shows). */
export function CategoryCards() {
  const stored = useCategories();
  // A server-rendered page shows the server's categories until the device's own have arrived.
  const rendered = useSsrData()?.categories;
  const categories = stored?.length ? stored : (rendered ?? stored);
  // 'some': the pull wrote categories, which the live query shows a moment later; until then the
  // skeleton stays (hiding the section for that moment would move everything below it twice).
  const [pull, setPull] = useState<'running' | 'some' | 'none'>('running');

  useEffect(() => {
    let mounted = true;
    // A failed pull (offline) is fine: Dexie keeps what the last one wrote. The first view of a
    // server-rendered page shows the server's categories: the pull waits for the mirror.
    void pullsWhenAllowed().then(async ({ pullTaxonomy }) => {
      if (!mounted) return;
      const count = await pullTaxonomy().catch(() => 0);
      if (mounted) setPull(count > 0 ? 'some' : 'none');
    });
    return () => {
      mounted = false;
    };
  }, []);

  const waiting = categories === undefined || (categories.length === 0 && pull !== 'none');
  if (!waiting && categories.length === 0) return null;

  return (
    <section className="mt-12" aria-labelledby="home-categories">
      <h2 id="home-categories" className="text-2xl font-semibold"><Trans>Categories</Trans></h2>
      {/* One scrolling row: its height does not depend on how many categories arrive, so nothing below it moves. */}
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-3" aria-busy={waiting || undefined}>
        {waiting
          ? Array.from({ length: 8 }, (_, i) => (
              <li key={i} aria-hidden="true" className="w-40 shrink-0 sm:w-52">
                {/* The same box as a loaded card (border, 4:3 image, one line of name), so nothing moves. */}
                <div className="overflow-hidden rounded-lg border border-border bg-surface">
                  <Skeleton className="aspect-[4/3] rounded-none" />
                  <div className="p-3"><Skeleton className="h-6 w-2/3" /></div>
                </div>
              </li>
            ))
          : categories.map((category, index) => (
              <li key={category.id} className="w-40 shrink-0 snap-start sm:w-52">
                <Link href={paths.listings.href(new URLSearchParams({ categoryId: category.id }).toString())} className="group block overflow-hidden rounded-lg border border-border bg-surface hover:shadow-md focus-visible:ring-2 focus-visible:ring-accent">
                  <Image fileId={category.imageUri} width={400} alt="" aspectRatio="4 / 3" sizes="(min-width: 640px) 208px, 160px"
                    priority={index < 4} />
                  <span className="block truncate p-3 font-semibold" title={category.name}>{category.name}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
