import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useCategories, useSubCategories } from '../../db/hooks';
import { useSsrData } from '../../ui/ssr-data';

const linkClass = 'text-muted hover:text-accent hover:underline';

/** Home / category / sub-category / listing; the taxonomy links open the browse page filtered (its 'sub' parameter, see browse/url-state). */
export function Breadcrumb({ categoryId, subCategoryId, name }: { categoryId: string; subCategoryId: string | null; name: string }) {
  const { t } = useLingui();
  // A server-rendered page carries the categories: the same crumb before and after hydration.
  const rendered = useSsrData()?.categories;
  const stored = useCategories();
  const category = (stored?.length ? stored : rendered)?.find((c) => c.id === categoryId);
  const subCategory = useSubCategories(categoryId)?.find((s) => s.id === subCategoryId);
  const categoryQuery = `categoryId=${encodeURIComponent(categoryId)}`;
  return (
    <nav aria-label={t`Breadcrumb`} className="text-sm">
      {/* One line whatever arrives: the category names come with the taxonomy pull, and a
          breadcrumb that wrapped then would push the whole page down. Long names are cut. */}
      <ol className="-mx-1 -my-1 flex items-center gap-x-2 overflow-hidden whitespace-nowrap px-1 py-1">
        <li className="shrink-0"><Link href={paths.home.href()} className={linkClass}><Trans>Home</Trans></Link></li>
        {category && (
          <li className="flex min-w-0 max-w-[40%] shrink-0 items-center gap-2">
            <span aria-hidden="true" className="text-muted">/</span>
            <Link href={paths.listings.href(categoryQuery)} className={`${linkClass} min-w-0 truncate`} title={category.name}>{category.name}</Link>
          </li>
        )}
        {category && subCategory && (
          <li className="flex min-w-0 max-w-[40%] shrink-0 items-center gap-2">
            <span aria-hidden="true" className="text-muted">/</span>
            <Link href={paths.listings.href(`${categoryQuery}&sub=${encodeURIComponent(subCategory.id)}`)} className={`${linkClass} min-w-0 truncate`} title={subCategory.name}>{subCategory.name}</Link>
          </li>
        )}
        <li className="flex min-w-0 flex-1 items-center gap-2">
          <span aria-hidden="true" className="text-muted">/</span>
          <span aria-current="page" className="truncate text-fg">{name}</span>
        </li>
      </ol>
    </nav>
  );
}
