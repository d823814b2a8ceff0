import { Trans } from '@lingui/react/macro';
import { useCategoryServices, useSubCategoryServices } from '../../db/hooks';

const chip = 'inline-flex items-center rounded-full border border-border bg-surface-2 px-3 py-1 text-sm text-fg';

interface Offered { id: string; name: string; groupName: string }

/** Groups by group name (A–Z, services without one last), keeping the taxonomy's order inside a group. */
function byGroup(services: Offered[], locale: string): [string, Offered[]][] {
  const groups = new Map<string, Offered[]>();
  for (const service of services) {
    const key = service.groupName.trim();
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, locale)));
}

/**
 * The services the listing offers (its category services and sub-category services), named from
 * the taxonomy stored on the device, so the page reads them offline too. Ids the taxonomy no
 * longer has are left out; no section shows when none is known (the heading would stand empty).
 */
export function Services({ categoryId, subCategoryId, categoryServiceIds, subCategoryServiceIds, locale }: {
  categoryId: string;
  subCategoryId: string | null;
  categoryServiceIds: string[];
  subCategoryServiceIds: string[];
  locale: string;
}) {
  const categoryServices = useCategoryServices(categoryId);
  const subCategoryServices = useSubCategoryServices(subCategoryId);
  const chosen = new Set([...categoryServiceIds, ...subCategoryServiceIds]);
  const offered = [...(categoryServices ?? []), ...(subCategoryServices ?? [])].filter((s) => chosen.has(s.id));
  if (offered.length === 0) return null;
  return (
    <section aria-labelledby="listing-services-title" className="flex flex-col gap-3" data-testid="listing-services">
      <h2 id="listing-services-title" className="text-xl font-semibold"><Trans>Services</Trans></h2>
      {byGroup(offered, locale).map(([group, services]) => (
        <div key={group || '-'} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-muted">{group || <Trans>Other services</Trans>}</h3>
          <ul className="flex flex-wrap gap-2">
            {services.map((s) => <li key={s.id} className={chip}>{s.name}</li>)}
          </ul>
        </div>
      ))}
    </section>
  );
}
