import { useLingui } from '@lingui/react/macro';
import type { RegionCountry } from '../../domain/locations';

/** The country of a region in the active language. */
export function useCountryName(): (country: RegionCountry) => string {
  const { t } = useLingui();
  return (country) => (country === 'SE' ? t`Sweden` : t`Norway`);
}
