import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { COUNTY_NAME_MAX, REGION_COUNTRIES, REGION_NAME_MAX, type Region, type RegionCountry } from '../../domain/locations';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useCountryName } from './countryNames';
import { useRegionMessage } from './messages';
import {
  addCounty, canSaveRegion, emptyRegionForm, regionFormOf, regionNameError, removeCounty, type RegionFormValues,
} from './regionForm';

/** How a save ended: the dialog closes on success and shows the failure (and its field) otherwise. */
export type RegionSaveResult = { ok: true } | { ok: false; message: string; field?: string };

export interface RegionDialogProps {
  /** The region edited; null creates one. */
  region: Region | null;
  onClose: () => void;
  onSave: (values: RegionFormValues) => Promise<RegionSaveResult>;
}

/**
 * Create or edit a region (spec 3 §2, §5): a name (required, 'Region name is required', Save off
 * while blank), the country, and the counties, added with Enter or Add (trimmed, never blank,
 * never twice) and each removable. Headless UI traps the focus; it starts on the name. Mounted
 * per opening, so every opening starts from the region as stored.
 */
export function RegionDialog({ region, onClose, onSave }: RegionDialogProps) {
  const { t } = useLingui();
  const countryName = useCountryName();
  const ruleMessage = useRegionMessage();
  const countiesLabelId = useId();
  const countyHintId = useId();
  // TextField keeps its input to itself; the row finds it to put the focus back after Enter, Add or a removal.
  const countyRow = useRef<HTMLDivElement>(null);
  const focusCountyInput = () => countyRow.current?.querySelector('input')?.focus();
  const [values, setValues] = useState<RegionFormValues>(() => (region ? regionFormOf(region) : emptyRegionForm()));
  const [nameTouched, setNameTouched] = useState(false);
  const [draft, setDraft] = useState('');
  // The polite note after Enter/Add or a removal ('Bergen is already in the list', 'Bergen removed').
  const [countyNote, setCountyNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);

  const nameRule = regionNameError(values.name);
  const nameError = nameTouched && nameRule ? ruleMessage(nameRule) : failure?.field === 'name' ? failure.message : null;
  const canSave = canSaveRegion(values);
  const change = (next: Partial<RegionFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setFailure(null);
  };

  const add = () => {
    const outcome = addCounty(values.counties, draft);
    if (outcome.kind === 'blank') return;
    if (outcome.kind === 'duplicate') {
      const existing = outcome.existing;
      setCountyNote(t`${existing} is already in the list`);
    } else {
      change({ counties: outcome.counties });
      const added = outcome.counties.at(-1)!;
      setCountyNote(t`${added} added`);
    }
    setDraft('');
    focusCountyInput();
  };

  const onCountyKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    // Enter here adds the county; it must not submit the region.
    e.preventDefault();
    add();
  };

  const remove = (index: number) => {
    const removed = values.counties[index]!;
    change({ counties: removeCounty(values.counties, index) });
    setCountyNote(t`${removed} removed`);
    // The button pressed is gone: continue from the county field.
    focusCountyInput();
  };

  const submit = async () => {
    setNameTouched(true);
    if (!canSave || busy) return;
    setBusy(true);
    const result = await onSave(values);
    setBusy(false);
    if (!result.ok) setFailure({ message: result.message, field: result.field });
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <FormDialog onClose={close} title={region ? t`Edit Region` : t`Create Region`} size="md"
      busy={busy} canSubmit={canSave} onSubmit={() => void submit()} submitTestId="region-save">
      <TextField label={t`Region name`} required value={values.name} maxLength={REGION_NAME_MAX} autoComplete="off"
        data-autofocus data-testid="region-name" error={nameError}
        onChange={(e) => change({ name: e.target.value })} onBlur={() => setNameTouched(true)} />
      <SelectField label={t`Country`} value={values.country} data-testid="region-country"
        onChange={(e) => change({ country: e.target.value as RegionCountry })}>
        {REGION_COUNTRIES.map((code) => <option key={code} value={code}>{countryName(code)}</option>)}
      </SelectField>

      <fieldset className="flex flex-col gap-2">
        <legend id={countiesLabelId} className="mb-1 text-sm font-medium text-fg"><Trans>Counties</Trans></legend>
        <div className="flex items-end gap-2" ref={countyRow}>
          <TextField label={t`County name`} className="min-w-0 flex-1" value={draft} maxLength={COUNTY_NAME_MAX}
            autoComplete="off" data-testid="county-input" aria-describedby={countyHintId}
            onChange={(e) => {
              setDraft(e.target.value);
              setCountyNote('');
            }}
            onKeyDown={onCountyKey} />
          <Button variant="secondary" onClick={add} disabled={!draft.trim()} data-testid="county-add">
            <Trans>Add</Trans>
          </Button>
        </div>
        <p id={countyHintId} className="text-xs text-muted"><Trans>Press Enter or Add to add it to the list.</Trans></p>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted" data-testid="county-note">{countyNote}</p>
        {values.counties.length === 0 ? (
          <p className="text-sm text-muted"><Trans>No counties yet.</Trans></p>
        ) : (
          <>
            <p className="text-sm text-muted">
              <Plural value={values.counties.length} one="# county" other="# counties" />
            </p>
            <ul aria-labelledby={countiesLabelId} data-testid="county-list" className="flex max-h-60 flex-wrap gap-2 overflow-y-auto">
              {values.counties.map((county, i) => (
                <li key={`${i}:${county}`} data-testid="county-item"
                  className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-2 py-1 pl-3 pr-1 text-sm text-fg">
                  <span className="break-words">{county}</span>
                  <button type="button" onClick={() => remove(i)} aria-label={t`Remove ${county}`}
                    className="inline-flex h-7 w-7 items-center justify-center rounded-full text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-accent">
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
      {failure && failure.field !== 'name' && <Alert tone="error">{failure.message}</Alert>}
    </FormDialog>
  );
}
