import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface Service {
  id: string;
  name: string;
  groupName: string;
}

/** Services to tick, grouped by their group name (category services or sub-category services). */
export function ServicesField({ legend, services, selected, onChange, disabled, emptyText, testId }: {
  legend: ReactNode; services: readonly Service[]; selected: string[]; onChange: (ids: string[]) => void;
  disabled?: boolean; emptyText: ReactNode; testId: string;
}) {
  const groups = new Map<string, Service[]>();
  for (const service of services) groups.set(service.groupName, [...(groups.get(service.groupName) ?? []), service]);
  const chosen = new Set(selected);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {services.length === 0 && <p className="text-sm text-muted">{emptyText}</p>}
      {[...groups].map(([group, list]) => (
        <div key={group || '-'} className="flex flex-col gap-1">
          {group && <p className="text-xs font-semibold uppercase tracking-wide text-muted">{group}</p>}
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {list.map((service) => (
              <label key={service.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-[var(--accent)]" checked={chosen.has(service.id)} disabled={disabled}
                  onChange={(e) => toggle(service.id, e.target.checked)} />
                {service.name}
              </label>
            ))}
          </div>
        </div>
      ))}
      {services.length > 0 && selected.length > 0 && (
        <p className="text-xs text-muted"><Trans>{selected.length} chosen</Trans></p>
      )}
    </fieldset>
  );
}
