import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pageItems } from './pagination';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page (the browse URL with that page). */
  hrefFor: (page: number) => string;
}

const base = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium';
const link = `${base} border border-border bg-surface text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent`;
const current = `${base} bg-accent text-on-accent`;
const disabled = `${base} border border-border text-muted opacity-60`;

/** Previous / page numbers with gaps / next, as links (each a history entry); scrolls to the top. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav aria-label={t`Pagination`} className="mt-8" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1
            ? <Link href={hrefFor(page - 1)} onClick={toTop} className={link} rel="prev">{t`Previous`}</Link>
            : <span className={disabled} aria-disabled="true">{t`Previous`}</span>}
        </li>
        {pageItems(page, totalPages).map((item, i) => (
          <li key={item === 'gap' ? `gap-${i}` : item}>
            {item === 'gap'
              ? <span className="px-1 text-muted" aria-hidden="true">…</span>
              : (
                <Link href={hrefFor(item)} onClick={toTop} className={item === page ? current : link}
                  aria-current={item === page ? 'page' : undefined} aria-label={t`Page ${item}`}>
                  {item}
                </Link>
              )}
          </li>
        ))}
        <li>
          {page < totalPages
            ? <Link href={hrefFor(page + 1)} onClick={toTop} className={link} rel="next">{t`Next`}</Link>
            : <span className={disabled} aria-disabled="true">{t`Next`}</span>}
        </li>
      </ul>
    </nav>
  );
}
