import { useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAllServices } from '../../db/hooks';
import { pullTaxonomy } from '../../sync/pull';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { matchesQuery } from '../../ui/searchText';
import { ServiceItem } from './ServiceItem';
import { adminServiceOf, SERVICES_LAYOUTS, useServicesLayout, type AdminService, type ServiceKind, type ServicesLayout } from './serviceKind';
import { ParentOptions, useServiceParents, type ServiceParent } from './serviceParents';
import { useServiceTexts } from './serviceTexts';
import { useServiceActions } from './useServiceActions';

const SKELETONS = 6;
const LAYOUT_CLASS: Record<ServicesLayout, string> = {
  grid: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  list: 'flex flex-col gap-3',
};
const NO_PARENTS: ReadonlyMap<string, ServiceParent> = new Map();

/** The services in groups by group name (A–Z, the ungrouped last), each group in the stored order. */
function byGroup(services: readonly AdminService[], locale: string): [string, AdminService[]][] {
  const groups = new Map<string, AdminService[]>();
  for (const service of services) {
    const key = service.groupName.trim();
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  return [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, locale)));
}

/** Whether every word of the filter text occurs in the service's name, group name, short description or parent's name. */
function matches(service: AdminService, parent: ServiceParent | undefined, text: string, locale: string): boolean {
  return matchesQuery(text, [service.name, service.groupName, service.shortDescription, parent?.name, parent?.categoryName], locale);
}

/**
 * /admin/category-services and /admin/subcategory-services (spec 3 §2, §5, §8): the services of
 * one kind as a grid (the default) or a list, the choice kept on this device, filtered by parent
 * and by text and shown in groups by group name; Add, Edit and Delete. Read from the stored
 * taxonomy (pulled on opening); every write pulls it again.
 */
export function ServicesAdminPage({ kind }: { kind: ServiceKind }) {
  const { t, i18n } = useLingui();
  const texts = useServiceTexts(kind);
  const rows = useAllServices(kind);
  const parents = useServiceParents(kind);
  const { status, retry } = usePulled('taxonomy', pullTaxonomy);
  const online = useOnline();
  const [layout, setLayout] = useServicesLayout(kind);
  const [parentFilter, setParentFilter] = useState('');
  const [textFilter, setTextFilter] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useServiceActions(kind, parents?.groups, () => setTimeout(() => heading.current?.focus(), 0));

  const services = useMemo(() => rows?.map(adminServiceOf), [rows]);
  const byId = parents?.byId ?? NO_PARENTS;
  // A parent deleted meanwhile (here or by another Admin) no longer filters, nor is it where a new service starts.
  const parentShown = parents !== undefined && !byId.has(parentFilter) ? '' : parentFilter;
  const needle = textFilter.trim();
  const shown = (services ?? []).filter((s) => (!parentShown || s.parentId === parentShown)
    && matches(s, byId.get(s.parentId), needle, i18n.locale));
  const filtering = parentShown !== '' || needle !== '';

  const count = services?.length ?? 0;
  const loading = services === undefined || parents === undefined || (count === 0 && status === 'loading');
  const failed = status === 'offline' || status === 'error';
  const layoutLabel: Record<ServicesLayout, string> = { grid: t`Grid`, list: t`List` };
  const add = () => actions.edit(null, parentShown);
  const clearFilters = () => {
    setParentFilter('');
    setTextFilter('');
  };

  let body;
  if (loading) {
    body = (
      <>
        <p role="status" className="sr-only">{texts.loading}</p>
        <ul className={LAYOUT_CLASS[layout]}>
          {Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><Skeleton className={layout === 'grid' ? 'h-44 w-full' : 'h-24 w-full'} /></li>)}
        </ul>
      </>
    );
  } else if (count === 0 && failed) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="services-error">
        <Alert tone="error">
          {texts.fetchFailed}
          {status === 'offline' && <> <Trans>Cannot reach the server. Check your connection.</Trans></>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="services-empty">
        <p role="status" className="text-lg font-semibold">{texts.empty}</p>
        {filtering
          ? <Button variant="secondary" onClick={clearFilters}><Trans>Clear filters</Trans></Button>
          : <Button onClick={add} disabled={!online}>{texts.add}</Button>}
      </div>
    );
  } else {
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted" data-testid="services-count">{texts.count(shown.length)}</p>
        <div className="flex flex-col gap-8" data-testid="services-list" data-layout={layout}>
          {byGroup(shown, i18n.locale).map(([group, members]) => (
            <section key={group} aria-label={group || t`No group`} data-testid="services-group">
              <h2 className="mb-3 break-words text-xl font-semibold">{group || <Trans>No group</Trans>}</h2>
              <ul className={LAYOUT_CLASS[layout]}>
                {members.map((service) => (
                  <li key={service.id} className="flex">
                    <ServiceItem service={service} parent={byId.get(service.parentId)} layout={layout} disabled={!online}
                      onEdit={() => actions.edit(service)} onDelete={() => actions.remove(service)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminBreadcrumb />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">{texts.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={t`Layout`} className="inline-flex overflow-hidden rounded-md border border-border">
            {SERVICES_LAYOUTS.map((option) => (
              <button key={option} type="button" aria-pressed={layout === option} data-testid={`services-layout-${option}`}
                onClick={() => setLayout(option)}
                className={`min-h-10 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${layout === option ? 'bg-accent text-on-accent' : 'bg-surface text-fg hover:bg-surface-2'}`}>
                {layoutLabel[option]}
              </button>
            ))}
          </div>
          <Button onClick={add} disabled={!online} data-testid="service-add">{texts.add}</Button>
        </div>
      </div>
      <p className="mt-2 text-muted">{texts.intro}</p>
      {!online && <div className="mt-4"><Alert>{texts.offline}</Alert></div>}
      {failed && count > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="services-stale">
          <Alert>{texts.stale}</Alert>
          <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
        </div>
      )}
      <div className="mt-6 grid gap-3 sm:grid-cols-2" role="search" aria-label={t`Filters`}>
        <SelectField label={texts.parentFilterLabel} value={parentShown} onChange={(e) => setParentFilter(e.target.value)}
          data-testid="services-filter-parent">
          <option value="">{texts.parentFilterAll}</option>
          <ParentOptions groups={parents?.groups ?? []} />
        </SelectField>
        <TextField label={t`Search`} type="search" value={textFilter} autoComplete="off" onChange={(e) => setTextFilter(e.target.value)}
          data-testid="services-filter-text" />
      </div>
      <div className="mt-6" aria-busy={loading || undefined}>{body}</div>
      {actions.dialogs}
    </div>
  );
}
