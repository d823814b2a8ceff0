import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRY_CODES } from '../../domain/countries';
import { detectCountryCode } from '../../domain/phone';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

export interface PhoneValue {
  /** '+47'…, or '' when the user cleared the selector. */
  countryCode: string;
  /** What the user typed after the code: digits and spaces. */
  number: string;
}

export interface PhoneNumberFieldProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  /** The number's error, or the country code's (both are shown under the row). */
  error?: string | null;
  countryCodeInvalid?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * Optional phone number with the 30-entry country code selector (spec 1 §3, §5). A code typed
 * into the number (leading +, 00 or 011, or an unprefixed code the auto-detection rule accepts)
 * moves to the selector and the rest stays in the field.
 */
export function PhoneNumberField({ value, onChange, onBlur, error, countryCodeInvalid, hint, disabled }: PhoneNumberFieldProps) {
  const { t } = useLingui();
  const onNumber = (text: string) => {
    const detected = detectCountryCode(text);
    onChange(detected ? { countryCode: detected.countryCode, number: detected.number } : { ...value, number: text });
  };
  return (
    <TextField
      label={<Trans>Phone number <span className="font-normal text-muted">(optional)</span></Trans>}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={value.number}
      onChange={(e) => onNumber(e.target.value)}
      onBlur={onBlur}
      error={error}
      hint={hint}
      disabled={disabled}
      data-testid="phone-number"
      addon={
        <SelectField
          label={t`Country code`}
          hideLabel
          className="w-28 shrink-0"
          value={value.countryCode}
          onChange={(e) => onChange({ ...value, countryCode: e.target.value })}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={countryCodeInvalid || undefined}
          data-testid="country-code"
        >
          <option value="">{t`Code`}</option>
          {COUNTRY_CODES.map((c) => <option key={c.iso} value={c.code}>{c.iso} {c.code}</option>)}
        </SelectField>
      }
    />
  );
}
