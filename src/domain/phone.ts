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

/**
 * What the phone field does with typed text (spec 1 §5). A code typed with a leading +, 00 or 011
 * moves to the selector (the longest known code that matches). Digits typed without a prefix
 * start with a code only when that code has at most 3 digits and the rest of the number is at
 * least 6 digits longer than the code, so an ordinary 8-digit local number is not taken for a
 * 2- or 3-digit code (only +1 can match 8 digits, and Nordic numbers do not start with 1).
 * Returns null when nothing should move.
 */
export function detectCountryCode(input: string): { countryCode: string; number: string } | null {
  const trimmed = input.trim();
  const prefixed = /^(\+|00|011)/.exec(trimmed);
  const digits = trimmed.slice(prefixed?.[0].length ?? 0).replace(/\D/g, '');
  if (!digits) return null;
  const byLength = [...COUNTRY_CODES].sort((a, b) => b.code.length - a.code.length);
  if (prefixed) {
    const match = byLength.find((c) => digits.startsWith(c.code.slice(1)));
    if (!match) return null;
    const rest = trimmed.slice(prefixed[0].length).replace(/^\s*/, '');
    return { countryCode: match.code, number: stripCodeDigits(rest, match.code.length - 1) };
  }
  if (digits.startsWith('0')) return null;
  const match = byLength.find((c) => {
    const codeDigits = c.code.length - 1;
    return codeDigits <= 3 && digits.startsWith(c.code.slice(1)) && digits.length - codeDigits >= codeDigits + 6;
  });
  return match ? { countryCode: match.code, number: stripCodeDigits(trimmed, match.code.length - 1) } : null;
}

/** Removes the first `count` digits (the code) from typed text, keeping the rest's spacing. */
function stripCodeDigits(text: string, count: number): string {
  let removed = 0;
  let i = 0;
  while (i < text.length && removed < count) {
    if (/\d/.test(text[i]!)) removed += 1;
    i += 1;
  }
  return text.slice(i).trim();
}
