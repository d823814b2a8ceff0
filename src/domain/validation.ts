/**
 * Validation rules of spec 1 §5, shared by the registration/profile forms and the server.
 * Each rule returns the English message of the spec (the app translates it) or null.
 */
import {
  MINIMUM_AGE, NAME_MIN_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './constants';
import { isKnownCountryCode } from './countries';

export interface FieldError {
  field: string;
  message: string;
}

export const Messages = {
  EmailRequired: 'Email is required',
  EmailInvalid: 'Please enter a valid email address',
  EmailExists: 'An account with this email already exists',
  PasswordRequired: 'Password is required',
  PasswordMinLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  PasswordRequirements:
    'Password must contain an uppercase letter, a lowercase letter, a number and a special character (@$!%*?&)',
  PasswordMismatch: 'Passwords do not match',
  ConfirmPasswordRequired: 'Please confirm your password',
  FirstNameRequired: 'First name is required',
  FirstNameMinLength: `First name must be at least ${NAME_MIN_LENGTH} characters`,
  LastNameRequired: 'Last name is required',
  LastNameMinLength: `Last name must be at least ${NAME_MIN_LENGTH} characters`,
  NameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  DateOfBirthRequired: 'Date of birth is required',
  DateOfBirthInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  DateOfBirthFuture: 'Date of birth cannot be in the future',
  MinimumAge: `You must be at least ${MINIMUM_AGE} years old to register`,
  PhoneInvalid: 'Invalid phone number format',
  PhoneRequired: 'Phone number is required',
  PhoneExists: 'This phone number is already registered',
  CountryCodeRequired: 'Country code is required',
  TermsRequired: 'You must accept the terms and privacy policy to register',
  ZipCodeRequired: 'Zip code is required',
  VerificationCodeInvalid: 'Please enter a valid verification code',
  PhoneFirst: 'Please enter your phone number first',
  IncorrectPassword: 'Incorrect password',
} as const;

export type MessageKey = keyof typeof Messages;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Lowercase, uppercase, digit and one of @$!%*?&; no other characters allowed. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;
export const PHONE_PATTERN = /^[\d ]+$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_GENDER: Gender = 'prefer-not-to-say';

export function validateEmail(email: string | undefined | null): string | null {
  const value = (email ?? '').trim();
  if (!value) return Messages.EmailRequired;
  if (value.length > 254 || !EMAIL_PATTERN.test(value)) return Messages.EmailInvalid;
  return null;
}

export function validatePassword(password: string | undefined | null): string | null {
  const value = password ?? '';
  if (!value) return Messages.PasswordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return Messages.PasswordMinLength;
  if (value.length > 128 || !PASSWORD_PATTERN.test(value)) return Messages.PasswordRequirements;
  return null;
}

export function validateConfirmPassword(password: string | undefined | null, confirm: string | undefined | null): string | null {
  if (!confirm) return Messages.ConfirmPasswordRequired;
  return password === confirm ? null : Messages.PasswordMismatch;
}

function validateName(value: string | undefined | null, required: string, min: string): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return required;
  if (trimmed.length < NAME_MIN_LENGTH) return min;
  if (trimmed.length > NAME_MAX_LENGTH) return Messages.NameTooLong;
  return null;
}

export const validateFirstName = (value: string | undefined | null) =>
  validateName(value, Messages.FirstNameRequired, Messages.FirstNameMinLength);
export const validateLastName = (value: string | undefined | null) =>
  validateName(value, Messages.LastNameRequired, Messages.LastNameMinLength);

/** Parses YYYY-MM-DD as a calendar date; null when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  if (!DATE_PATTERN.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a birth date and `today` (both calendar dates). */
export function ageOn(birth: string, today: Date): number | null {
  const b = parseIsoDate(birth);
  if (!b) return null;
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  const d = today.getDate();
  let age = y - b.year;
  if (m < b.month || (m === b.month && d < b.day)) age -= 1;
  return age;
}

export function toIsoDate(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${mm}-${dd}`;
}

/** Date of birth: required, a real date, not in the future, and (for registration) the minimum age. */
export function validateDateOfBirth(
  value: string | undefined | null,
  options: { today?: Date; requireMinimumAge?: boolean } = {},
): string | null {
  const today = options.today ?? new Date();
  if (!value) return Messages.DateOfBirthRequired;
  if (!parseIsoDate(value)) return Messages.DateOfBirthInvalid;
  if (value > toIsoDate(today)) return Messages.DateOfBirthFuture;
  if (options.requireMinimumAge !== false) {
    const age = ageOn(value, today);
    if (age === null || age < MINIMUM_AGE) return Messages.MinimumAge;
  }
  return null;
}

/** An optional phone number: digits and spaces, 8 to 15 characters. */
export function validatePhoneNumber(value: string | undefined | null, required = false): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return required ? Messages.PhoneRequired : null;
  if (!PHONE_PATTERN.test(trimmed) || trimmed.length < PHONE_MIN_LENGTH || trimmed.length > PHONE_MAX_LENGTH) {
    return Messages.PhoneInvalid;
  }
  return null;
}

export function validateCountryCode(phoneNumber: string | undefined | null, countryCode: string | undefined | null): string | null {
  if (!(phoneNumber ?? '').trim()) return null;
  if (!countryCode) return Messages.CountryCodeRequired;
  return isKnownCountryCode(countryCode) ? null : Messages.CountryCodeRequired;
}

export function validateVerificationCode(value: string | undefined | null): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed.length === VERIFICATION_CODE_LENGTH ? null : Messages.VerificationCodeInvalid;
}

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender?: Gender | null;
  acceptedTerms: boolean;
  phoneNumber?: string | null;
  countryCode?: string | null;
}

function collect(entries: [string, string | null][]): FieldError[] {
  return entries.filter((e): e is [string, string] => e[1] !== null).map(([field, message]) => ({ field, message }));
}

/** Every registration rule of spec 1 §5 except the existence checks (which need the server). */
export function validateRegistration(input: RegistrationInput, today = new Date()): FieldError[] {
  return collect([
    ['email', validateEmail(input.email)],
    ['password', validatePassword(input.password)],
    ['confirmPassword', validateConfirmPassword(input.password, input.confirmPassword)],
    ['firstName', validateFirstName(input.firstName)],
    ['lastName', validateLastName(input.lastName)],
    ['dateOfBirth', validateDateOfBirth(input.dateOfBirth, { today })],
    ['phoneNumber', validatePhoneNumber(input.phoneNumber)],
    ['countryCode', validateCountryCode(input.phoneNumber, input.countryCode)],
    ['acceptedTerms', input.acceptedTerms === true ? null : Messages.TermsRequired],
  ]);
}

/** New password + confirmation, for reset and change. */
export function validateNewPassword(password: string, confirm: string, field = 'password'): FieldError[] {
  return collect([
    [field, validatePassword(password)],
    ['confirmPassword', validateConfirmPassword(password, confirm)],
  ]);
}

export interface ProfileInput {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string | null;
  phoneNumber?: string | null;
  countryCode?: string | null;
  zipCode?: string | null;
}

/** Profile rules: names and zip code required when sent, date of birth not in the future. */
export function validateProfile(input: ProfileInput, today = new Date()): FieldError[] {
  return collect([
    ['firstName', input.firstName === undefined ? null : validateFirstName(input.firstName)],
    ['lastName', input.lastName === undefined ? null : validateLastName(input.lastName)],
    ['dateOfBirth', input.dateOfBirth ? validateDateOfBirth(input.dateOfBirth, { today, requireMinimumAge: false }) : null],
    ['zipCode', input.zipCode === undefined ? null : (input.zipCode ?? '').trim() ? null : Messages.ZipCodeRequired],
  ]);
}
