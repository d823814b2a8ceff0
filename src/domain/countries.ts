/** The 30 country codes of the phone selector (spec 1 §3), default first. */
export interface CountryCode {
  iso: string;
  code: string;
}

export const COUNTRY_CODES: readonly CountryCode[] = [
  { iso: 'NO', code: '+47' }, { iso: 'DK', code: '+45' }, { iso: 'SE', code: '+46' },
  { iso: 'FI', code: '+358' }, { iso: 'IS', code: '+354' }, { iso: 'GB', code: '+44' },
  { iso: 'US', code: '+1' }, { iso: 'DE', code: '+49' }, { iso: 'FR', code: '+33' },
  { iso: 'IT', code: '+39' }, { iso: 'ES', code: '+34' }, { iso: 'NL', code: '+31' },
  { iso: 'BA', code: '+387' }, { iso: 'AT', code: '+43' }, { iso: 'BE', code: '+32' },
  { iso: 'CH', code: '+41' }, { iso: 'PL', code: '+48' }, { iso: 'PT', code: '+351' },
  { iso: 'IE', code: '+353' }, { iso: 'HU', code: '+36' }, { iso: 'GR', code: '+30' },
  { iso: 'CZ', code: '+420' }, { iso: 'SK', code: '+421' }, { iso: 'SI', code: '+386' },
  { iso: 'HR', code: '+385' }, { iso: 'BG', code: '+359' }, { iso: 'RO', code: '+40' },
  { iso: 'LT', code: '+370' }, { iso: 'LV', code: '+371' }, { iso: 'EE', code: '+372' },
];

export const isKnownCountryCode = (code: string): boolean => COUNTRY_CODES.some((c) => c.code === code);
