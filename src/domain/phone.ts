import { COUNTRY_CODES } from './countries';

/** The stored form: country code, a space, then the number's digits ("+47 12345678"). */
export function formatPhone(countryCode: string, number: string): string {
  return `${countryCode} ${number.replace(/\D/g, '')}`;
}

/** A comparable key for a full phone number: "+" and digits only. */
export function normalizePhone(full: string): string {
  const digits = full.replace(/\D/g, '');
  return digits ? `+${digits.replace(/^(00|011)/, '')}` : '';
}

/**
 * Splits a full number ("+47 12345678", "+4712345678", "004712345678") into a known
 * country code and the rest; null when no known code starts it.
 */
export function splitFullPhone(full: string): { countryCode: string; number: string } | null {
  const key = normalizePhone(full).slice(1);
  if (!key) return null;
  const match = [...COUNTRY_CODES]
    .sort((a, b) => b.code.length - a.code.length)
    .find((c) => key.startsWith(c.code.slice(1)));
  if (!match) return null;
  return { countryCode: match.code, number: key.slice(match.code.length - 1) };
}
