import { Trans } from '@lingui/react/macro';
import { useRegions } from '../../../db/hooks';
import type { EventRegion } from '../../../domain/events';
import { RegionCountyPicker } from '../../../ui/RegionCountyPicker';
import { LocationChips } from '../LocationChips';
import { regionChoice, toggleCounty, toggleRegion } from '../locationSelection';

/** Step 3: regions and their counties from the catalogue stored on this device (spec 3 §2 "Location selection"). */
export function LocationsStep({ locations, onChange }: { locations: EventRegion[]; onChange: (locations: EventRegion[]) => void }) {
  const regions = useRegions();
  if (regions === undefined) return <p role="status" className="text-sm text-muted"><Trans>Loading regions...</Trans></p>;
  return (
    <div className="flex flex-col gap-3" data-testid="locations-step">
      <LocationChips locations={locations} />
      {regions.length === 0 && <p className="text-sm text-muted"><Trans>No regions are stored on this device yet.</Trans></p>}
      <RegionCountyPicker
        regions={regions}
        idPrefix="event-counties"
        maxHeightClass="max-h-96"
        regionChosen={(region) => regionChoice(locations, region.id).selected}
        countyChosen={(region, countyId) => regionChoice(locations, region.id).counties.has(countyId)}
        onRegion={(region, checked) => onChange(toggleRegion(locations, region, checked))}
        onCounty={(region, countyId, checked) => onChange(toggleCounty(locations, region, countyId, checked))}
      />
    </div>
  );
}
