import { formatPhone, normalizePhone, splitFullPhone } from '../../../src/domain/phone';
import { Messages, validateCountryCode, validatePhoneNumber } from '../../../src/domain/validation';
import { validationFailed } from '../../lib/errors';

export interface Phone {
  /** Stored and shown: "+47 12345678". */
  display: string;
  /** Compared: "+4712345678". */
  key: string;
}

/**
 * A phone number from a request: either a number with a separate country code (the form's
 * selector), or a full number starting with its code ("+47 12345678", "004712345678").
 */
export function phoneFromInput(phoneNumber: string, countryCode?: string | null, field = 'phoneNumber'): Phone {
  const raw = phoneNumber.trim();
  if (countryCode) {
    const numberError = validatePhoneNumber(raw, true);
    const codeError = validateCountryCode(raw, countryCode);
    if (numberError) throw validationFailed([{ field, message: numberError }]);
    if (codeError) throw validationFailed([{ field: 'countryCode', message: codeError }]);
    const display = formatPhone(countryCode, raw);
    return { display, key: normalizePhone(display) };
  }
  if (!/^(\+|00|011)/.test(raw)) {
    throw validationFailed([{ field: 'countryCode', message: Messages.CountryCodeRequired }]);
  }
  const split = splitFullPhone(raw);
  if (!split || validatePhoneNumber(split.number, true)) throw validationFailed([{ field, message: Messages.PhoneInvalid }]);
  const display = formatPhone(split.countryCode, split.number);
  return { display, key: normalizePhone(display) };
}
