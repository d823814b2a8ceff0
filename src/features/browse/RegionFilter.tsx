import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRegions } from '../../db/hooks';
import type { Region, RegionCountry } from '../../domain/locations';
import { Checkbox } from '../../ui/Checkbox';

export interface RegionFilterProps {
  regions: string[];
  counties: string[];
  onChange: (regions: string[], counties: string[]) => void;
}

/**
 * Regions grouped by country; each region can be opened to pick single counties. Checking a region
 * covers all its counties (their own checks are then dropped and shown as included).
 */
export function RegionFilter({ regions, counties, onChange }: RegionFilterProps) {
  const { t } = useLingui();
  const all = useRegions();
  const countries: { code: RegionCountry; name: string }[] = [
    { code: 'NO', name: t`Norway` },
    { code: 'SE', name: t`Sweden` },
  ];
  if (!all || all.length === 0) return null;

  const setRegion = (region: Region, on: boolean) => {
    const own = new Set(region.counties.map((c) => c.id));
    onChange(
      on ? [...regions, region.id] : regions.filter((id) => id !== region.id),
      counties.filter((id) => !own.has(id)),
    );
  };
  const setCounty = (id: string, on: boolean) =>
    onChange(regions, on ? [...new Set([...counties, id])] : counties.filter((c) => c !== id));

  return (
    <fieldset data-testid="region-filter">
      <legend className="mb-2 text-sm font-semibold text-fg">{t`Regions`}</legend>
      <div className="flex flex-col gap-4">
        {countries.map(({ code, name }) => {
          const list = all.filter((r) => r.country === code);
          if (list.length === 0) return null;
          return (
            <fieldset key={code}>
              <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{name}</legend>
              <ul className="flex flex-col gap-1">
                {list.map((region) => (
                  <RegionRow key={region.id} region={region} checked={regions.includes(region.id)} counties={counties}
                    onRegion={(on) => setRegion(region, on)} onCounty={setCounty} />
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}

interface RegionRowProps {
  region: Region;
  checked: boolean;
  counties: string[];
  onRegion: (on: boolean) => void;
  onCounty: (id: string, on: boolean) => void;
}

function RegionRow({ region, checked, counties, onRegion, onCounty }: RegionRowProps) {
  const { t } = useLingui();
  const listId = useId();
  const picked = region.counties.filter((c) => counties.includes(c.id)).length;
  const [open, setOpen] = useState(false);
  const showCounties = region.counties.length > 1;
  return (
    <li>
      <div className="flex items-start justify-between gap-2">
        <Checkbox label={picked > 0 && !checked ? `${region.name} (${picked})` : region.name} checked={checked}
          onChange={(e) => onRegion(e.target.checked)} />
        {showCounties && (
          <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}
            className="shrink-0 rounded px-2 text-xs text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent">
            {open ? t`Hide counties` : t`Counties`}
            <span className="sr-only"> {region.name}</span>
          </button>
        )}
      </div>
      {showCounties && (
        <ul id={listId} hidden={!open} className="ml-6 mt-1 flex flex-col gap-1">
          {open && region.counties.map((county) => (
            <li key={county.id}>
              <Checkbox label={county.name} checked={checked || counties.includes(county.id)} disabled={checked}
                onChange={(e) => onCounty(county.id, e.target.checked)} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
