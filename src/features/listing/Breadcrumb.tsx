import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { useCategories, useSubCategories } from '../../db/hooks';

const linkClass = 'text-muted hover:text-accent hover:underline';

/** Home / category / sub-category / listing; the taxonomy links open the browse page filtered (its 'sub' parameter, see browse/url-state). */
export function Breadcrumb({ categoryId, subCategoryId, name }: { categoryId: string; subCategoryId: string | null; name: string }) {
  const { t } = useLingui();
  const category = useCategories()?.find((c) => c.id === categoryId);
  const subCategory = useSubCategories(categoryId)?.find((s) => s.id === subCategoryId);
  const categoryQuery = `categoryId=${encodeURIComponent(categoryId)}`;
  return (
    <nav aria-label={t`Breadcrumb`} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <li><Link href={paths.home.href()} className={linkClass}><Trans>Home</Trans></Link></li>
        {category && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="text-muted">/</span>
            <Link href={paths.listings.href(categoryQuery)} className={linkClass}>{category.name}</Link>
          </li>
        )}
        {category && subCategory && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="text-muted">/</span>
            <Link href={paths.listings.href(`${categoryQuery}&sub=${encodeURIComponent(subCategory.id)}`)} className={linkClass}>{subCategory.name}</Link>
          </li>
        )}
        <li className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="text-muted">/</span>
          <span aria-current="page" className="truncate text-fg">{name}</span>
        </li>
      </ol>
    </nav>
  );
}
