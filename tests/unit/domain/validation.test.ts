import { describe, expect, it } from 'vitest';
import {
  Messages, ageOn, parseIsoDate, validateConfirmPassword, validateCountryCode, validateDateOfBirth, validateEmail,
  validateFirstName, validateLastName, validatePassword, validatePhoneNumber, validateProfile, validateRegistration,
  validateVerificationCode,
} from '../../../src/domain/validation';
import { formatPhone, normalizePhone, splitFullPhone } from '../../../src/domain/phone';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { FREQUENCY_WORDS, frequencyToWord, wordToFrequency } from '../../../src/domain/user';

const today = new Date(2026, 10, 21); // 21 Nov 2026, local time

describe('registration rules (spec 1 §5)', () => {
  it('e-mail: required and well-formed', () => {
    expect(validateEmail('')).toBe(Messages.EmailRequired);
    expect(validateEmail('   ')).toBe(Messages.EmailRequired);
    expect(validateEmail('kari@')).toBe(Messages.EmailInvalid);
    expect(validateEmail('kari@example')).toBe(Messages.EmailInvalid);
    expect(validateEmail('kari nordmann@example.no')).toBe(Messages.EmailInvalid);
    expect(validateEmail('kari@example.no')).toBeNull();
  });

  it('password: min 8, lower, upper, digit, one of @$!%*?& and nothing else', () => {
    expect(validatePassword('')).toBe(Messages.PasswordRequired);
    expect(validatePassword('Ab1!xyz')).toBe(Messages.PasswordMinLength);
    expect(validatePassword('ab1!abcd')).toBe(Messages.PasswordRequirements);
    expect(validatePassword('AB1!ABCD')).toBe(Messages.PasswordRequirements);
    expect(validatePassword('Abc!abcd')).toBe(Messages.PasswordRequirements);
    expect(validatePassword('Abc1abcd')).toBe(Messages.PasswordRequirements);
    expect(validatePassword('Abc1abc#')).toBe(Messages.PasswordRequirements);
    expect(validatePassword('Abc1 bc!')).toBe(Messages.PasswordRequirements);
    for (const special of '@$!%*?&') expect(validatePassword(`Abc1abc${special}`)).toBeNull();
  });

  it('confirm password: required and equal', () => {
    expect(validateConfirmPassword('Abc1abc!', '')).toBe(Messages.ConfirmPasswordRequired);
    expect(validateConfirmPassword('Abc1abc!', 'Abc1abc?')).toBe(Messages.PasswordMismatch);
    expect(validateConfirmPassword('Abc1abc!', 'Abc1abc!')).toBeNull();
  });

  it('names: required, at least 2 characters after trimming', () => {
    expect(validateFirstName('')).toBe(Messages.FirstNameRequired);
    expect(validateFirstName(' A ')).toBe(Messages.FirstNameMinLength);
    expect(validateLastName('')).toBe(Messages.LastNameRequired);
    expect(validateLastName('B')).toBe(Messages.LastNameMinLength);
    expect(validateFirstName('Åse')).toBeNull();
  });

  it('date of birth: real date, not in the future, at least 13 years', () => {
    expect(validateDateOfBirth('', { today })).toBe(Messages.DateOfBirthRequired);
    expect(validateDateOfBirth('2001-02-29', { today })).toBe(Messages.DateOfBirthInvalid);
    expect(validateDateOfBirth('21.11.2000', { today })).toBe(Messages.DateOfBirthInvalid);
    expect(validateDateOfBirth('2026-11-22', { today })).toBe(Messages.DateOfBirthFuture);
    expect(validateDateOfBirth('2013-11-22', { today })).toBe(Messages.MinimumAge);
    expect(validateDateOfBirth('2013-11-21', { today })).toBeNull();
    expect(validateDateOfBirth('2020-01-01', { today, requireMinimumAge: false })).toBeNull();
  });

  it('age counts whole years, birthdays included', () => {
    expect(ageOn('2000-11-21', today)).toBe(26);
    expect(ageOn('2000-11-22', today)).toBe(25);
    expect(ageOn('2000-02-29', new Date(2026, 1, 28))).toBe(25);
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('phone: optional; digits and spaces, 8 to 15 characters; country code needed with a number', () => {
    expect(validatePhoneNumber('')).toBeNull();
    expect(validatePhoneNumber('', true)).toBe(Messages.PhoneRequired);
    expect(validatePhoneNumber('1234567')).toBe(Messages.PhoneInvalid);
    expect(validatePhoneNumber('12345678')).toBeNull();
    expect(validatePhoneNumber('123 456 789 012 3')).toBe(Messages.PhoneInvalid);
    expect(validatePhoneNumber('123 456 789 012')).toBeNull();
    expect(validatePhoneNumber('+4712345678')).toBe(Messages.PhoneInvalid);
    expect(validateCountryCode('12345678', '')).toBe(Messages.CountryCodeRequired);
    expect(validateCountryCode('12345678', '+47')).toBeNull();
    expect(validateCountryCode('', '')).toBeNull();
  });

  it('terms must be accepted, and all errors come back together', () => {
    const errors = validateRegistration({
      email: 'x', password: 'x', confirmPassword: 'y', firstName: '', lastName: '', dateOfBirth: '',
      acceptedTerms: false, phoneNumber: '12', countryCode: null,
    }, today);
    expect(errors.map((e) => e.field)).toEqual([
      'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'dateOfBirth', 'phoneNumber', 'countryCode', 'acceptedTerms',
    ]);
    expect(errors.at(-1)?.message).toBe(Messages.TermsRequired);
  });

  it('verification code: exactly 6 characters', () => {
    expect(validateVerificationCode('12345')).toBe(Messages.VerificationCodeInvalid);
    expect(validateVerificationCode('1234567')).toBe(Messages.VerificationCodeInvalid);
    expect(validateVerificationCode('123456')).toBeNull();
  });

  it('profile: names and zip code when sent, date of birth not in the future', () => {
    expect(validateProfile({ zipCode: '' }, today)).toEqual([{ field: 'zipCode', message: Messages.ZipCodeRequired }]);
    expect(validateProfile({ dateOfBirth: '2030-01-01' }, today)).toEqual([{ field: 'dateOfBirth', message: Messages.DateOfBirthFuture }]);
    expect(validateProfile({}, today)).toEqual([]);
  });
});

describe('phone numbers', () => {
  it('has the 30 country codes of the selector, +47 first', () => {
    expect(COUNTRY_CODES).toHaveLength(30);
    expect(COUNTRY_CODES[0]).toEqual({ iso: 'NO', code: '+47' });
    expect(new Set(COUNTRY_CODES.map((c) => c.iso)).size).toBe(30);
  });

  it('formats, normalizes and splits full numbers', () => {
    expect(formatPhone('+47', '912 34 567')).toBe('+47 91234567');
    expect(normalizePhone('+47 912 34 567')).toBe('+4791234567');
    expect(normalizePhone('0047 91234567')).toBe('+4791234567');
    expect(splitFullPhone('+358 401234567')).toEqual({ countryCode: '+358', number: '401234567' });
    expect(splitFullPhone('+99 12345678')).toBeNull();
    expect(splitFullPhone('011 1 2025550123')).toEqual({ countryCode: '+1', number: '2025550123' });
  });
});

describe('notification frequencies', () => {
  it('maps the interface words to the wire numbers 0..3 and back', () => {
    expect(FREQUENCY_WORDS.map(wordToFrequency)).toEqual([0, 1, 2, 3]);
    expect(frequencyToWord(1)).toBe('endOfDay');
  });
});
