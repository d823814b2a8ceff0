import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { Messages, type MessageKey } from '../domain/validation';

/** Translations of the shared rule messages of src/domain/validation.ts (the server sends the English). */
const DESCRIPTORS: Record<MessageKey, MessageDescriptor> = {
  EmailRequired: msg`Email is required`,
  EmailInvalid: msg`Please enter a valid email address`,
  EmailExists: msg`An account with this email already exists`,
  PasswordRequired: msg`Password is required`,
  PasswordMinLength: msg`Password must be at least 8 characters`,
  PasswordRequirements: msg`Password must contain an uppercase letter, a lowercase letter, a number and a special character (@$!%*?&)`,
  PasswordMismatch: msg`Passwords do not match`,
  ConfirmPasswordRequired: msg`Please confirm your password`,
  FirstNameRequired: msg`First name is required`,
  FirstNameMinLength: msg`First name must be at least 2 characters`,
  LastNameRequired: msg`Last name is required`,
  LastNameMinLength: msg`Last name must be at least 2 characters`,
  NameTooLong: msg`Name must be at most 100 characters`,
  DateOfBirthRequired: msg`Date of birth is required`,
  DateOfBirthInvalid: msg`Please enter a valid date (YYYY-MM-DD)`,
  DateOfBirthFuture: msg`Date of birth cannot be in the future`,
  MinimumAge: msg`You must be at least 13 years old to register`,
  PhoneInvalid: msg`Invalid phone number format`,
  PhoneRequired: msg`Phone number is required`,
  PhoneExists: msg`This phone number is already registered`,
  CountryCodeRequired: msg`Country code is required`,
  TermsRequired: msg`You must accept the terms and privacy policy to register`,
  ZipCodeRequired: msg`Zip code is required`,
  VerificationCodeInvalid: msg`Please enter a valid verification code`,
  PhoneFirst: msg`Please enter your phone number first`,
  IncorrectPassword: msg`Incorrect password`,
};

const BY_ENGLISH = new Map<string, MessageDescriptor>(
  (Object.keys(Messages) as MessageKey[]).map((key) => [Messages[key], DESCRIPTORS[key]]),
);

/**
 * Returns a translator for rule messages: a known English rule message (from the domain rules or
 * the server) comes back in the active language; anything else is returned as it is.
 */
export function useValidationMessage(): (message: string | null | undefined) => string | null {
  const { i18n } = useLingui();
  return (message) => {
    if (!message) return null;
    const descriptor = BY_ENGLISH.get(message);
    return descriptor ? i18n._(descriptor) : message;
  };
}
