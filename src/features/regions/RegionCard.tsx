import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Region } from '../../domain/locations';
import { useCountryName } from './countryNames';
import { cardCounties } from './regionForm';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';

const chip = 'inline-flex max-w-full items-center rounded-full border border-border bg-surface-2 px-3 py-1 text-sm text-fg';

export interface RegionCardProps {
  region: Region;
  onEdit: () => void;
  onDelete: () => void;
  /** Writes need the server: the buttons are off while the device is offline. */
  disabled?: boolean;
}

/** One region: its name, country and county count, the first 3 counties then '+N more' (spec 3 §9). */
export function RegionCard({ region, onEdit, onDelete, disabled }: RegionCardProps) {
  const { t } = useLingui();
  const countryName = useCountryName();
  const headingId = useId();
  const { names, more } = cardCounties(region);
  const total = region.counties.length;
  const { name } = region;
  return (
    <article aria-labelledby={headingId} data-testid="region-card" className="flex w-full flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div>
        <h2 id={headingId} className="break-words text-lg font-semibold leading-snug">{name}</h2>
        <p className="text-sm text-muted" data-testid="region-meta">
          {countryName(region.country)} · <Plural value={total} one="# county" other="# counties" />
        </p>
      </div>
      {total === 0 ? (
        <p className="text-sm text-muted"><Trans>No counties</Trans></p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t`Counties of ${name}`} data-testid="region-counties">
          {names.map((county, i) => <li key={`${i}:${county}`} className={`${chip} break-words`}>{county}</li>)}
          {more > 0 && (
            <li className={`${chip} text-muted`} data-testid="region-more">
              <Trans>+{more} more</Trans>
            </li>
          )}
        </ul>
      )}
      <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} disabled={disabled} className="mt-auto pt-1" />
    </article>
  );
}
