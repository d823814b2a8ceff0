import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/http';
import { paths } from '../../config/paths';
import { DEFAULT_COUNTRY_CODE, PHONE_CHECK_DEBOUNCE_MS, SNACKBAR_MS } from '../../domain/constants';
import { formatPhone } from '../../domain/phone';
import {
  DEFAULT_GENDER, GENDERS, Messages, toIsoDate, validateEmail, validatePhoneNumber, validateRegistration,
  type Gender, type RegistrationInput,
} from '../../domain/validation';
import { notify } from '../../state/snackbar';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import { PasswordField, TextField } from '../../ui/TextField';
import { useValidationMessage } from '../../ui/validationMessages';
import { AuthCard, linkClass } from './AuthCard';
import { CheckEmailScreen } from './CheckEmailScreen';
import { useErrorText } from './errors';
import { PhoneNumberField, type PhoneValue } from './PhoneNumberField';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

/** Optional preferred title, mentioned by the Norwegian text (spec 1 §2); the server accepts it. */
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Mx', 'Dr', 'Other'] as const;
type Title = (typeof TITLES)[number];

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: PhoneValue;
  gender: Gender;
  title: Title | '';
  acceptedTerms: boolean;
}

const FIELDS = ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'dateOfBirth', 'phoneNumber', 'countryCode', 'gender', 'acceptedTerms'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const INITIAL: Values = {
  email: '', password: '', confirmPassword: '', firstName: '', lastName: '', dateOfBirth: '',
  phone: { countryCode: DEFAULT_COUNTRY_CODE, number: '' }, gender: DEFAULT_GENDER, title: '', acceptedTerms: false,
};

const ALL_TOUCHED = Object.fromEntries(FIELDS.map((f) => [f, true])) as Record<Field, boolean>;
const normalizeEmail = (email: string) => email.trim().toLowerCase();

function toInput(values: Values): RegistrationInput {
  const phone = values.phone.number.trim();
  return {
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth,
    gender: values.gender,
    acceptedTerms: values.acceptedTerms,
    ...(phone ? { phoneNumber: phone, countryCode: values.phone.countryCode } : {}),
  };
}

/** The full number to check, when the phone part is complete and valid; else null. */
function phoneToCheck(phone: PhoneValue): string | null {
  if (!phone.number.trim() || !phone.countryCode || validatePhoneNumber(phone.number)) return null;
  return formatPhone(phone.countryCode, phone.number);
}

/** Registration (spec 1 §2, §3, §5): the form, then the check-your-email screen. */
export default function RegisterPage() {
  const { t } = useLingui();
  const rule = useValidationMessage();
  const errorText = useErrorText();
  const [today] = useState(() => new Date());
  const [values, setValues] = useState<Values>(INITIAL);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  /** Existence answers by normalized e-mail / full phone, so an answer only applies to its own value. */
  const [emailExists, setEmailExists] = useState<Record<string, boolean>>({});
  const [phoneExists, setPhoneExists] = useState<Record<string, boolean>>({});
  const [phoneChecking, setPhoneChecking] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const phoneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(phoneTimer.current), []);

  if (registeredEmail) return <CheckEmailScreen email={registeredEmail} />;

  const rules: Partial<Record<Field, string>> = Object.fromEntries(
    validateRegistration(toInput(values), today).map((e) => [e.field, e.message]),
  );
  const fullPhone = phoneToCheck(values.phone);
  const existsError: Partial<Record<Field, string>> = {
    email: emailExists[normalizeEmail(values.email)] ? Messages.EmailExists : undefined,
    phoneNumber: fullPhone && phoneExists[fullPhone] ? Messages.PhoneExists : undefined,
  };
  const errorOf = (field: Field): string | null =>
    rule((touched[field] ? rules[field] : undefined) ?? serverErrors[field] ?? existsError[field]);

  const touch = (...fields: Field[]) => setTouched((prev) => ({ ...prev, ...Object.fromEntries(fields.map((f) => [f, true])) }));
  const clearServer = (...fields: Field[]) =>
    setServerErrors((prev) => (fields.some((f) => prev[f]) ? Object.fromEntries(Object.entries(prev).filter(([k]) => !fields.includes(k as Field))) : prev));
  const set = <K extends keyof Values>(key: K, value: Values[K], ...fields: Field[]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    clearServer(...fields);
  };

  const warn = (key: 'email-check' | 'phone-check', message: string) =>
    notify(message, { key: `register:${key}`, severity: 'warning', durationMs: SNACKBAR_MS, position: 'bottom-left' });

  /** Resolves true/false, or null when the check failed (non-blocking: the server checks again). */
  const checkEmail = async (email: string): Promise<boolean | null> => {
    const key = normalizeEmail(email);
    if (key in emailExists) return emailExists[key]!;
    try {
      const { exists } = await authApi.checkEmailExists(key);
      setEmailExists((prev) => ({ ...prev, [key]: exists }));
      return exists;
    } catch {
      warn('email-check', t`Email check failed`);
      return null;
    }
  };

  const checkPhone = async (full: string): Promise<boolean | null> => {
    if (full in phoneExists) return phoneExists[full]!;
    setPhoneChecking(full);
    try {
      const { exists } = await authApi.checkPhoneExists(full);
      setPhoneExists((prev) => ({ ...prev, [full]: exists }));
      return exists;
    } catch {
      warn('phone-check', t`Phone check failed`);
      return null;
    } finally {
      setPhoneChecking((current) => (current === full ? null : current));
    }
  };

  const onPhoneChange = (phone: PhoneValue) => {
    set('phone', phone, 'phoneNumber', 'countryCode');
    clearTimeout(phoneTimer.current);
    const full = phoneToCheck(phone);
    if (full && !(full in phoneExists)) phoneTimer.current = setTimeout(() => void checkPhone(full), PHONE_CHECK_DEBOUNCE_MS);
  };

  const onEmailBlur = () => {
    touch('email');
    if (!validateEmail(values.email)) void checkEmail(values.email);
  };


  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched(ALL_TOUCHED);
    const input = toInput(values);
    const ruleErrors = validateRegistration(input, today);
    setSubmitting(true);
    try {
      clearTimeout(phoneTimer.current);
      const [emailTaken, phoneTaken] = await Promise.all([
        rules.email ? null : checkEmail(values.email),
        fullPhone ? checkPhone(fullPhone) : null,
      ]);
      if (ruleErrors.length > 0 || emailTaken || phoneTaken) {
        focusFirstInvalid(form.current);
        return;
      }
      const payload: RegistrationInput & { title?: Title } = { ...input, ...(values.title ? { title: values.title } : {}) };
      const answer = await authApi.register(payload);
      setRegisteredEmail(answer?.email || input.email);
    } catch (error) {
      const onFields = error instanceof ApiError ? error.errors.filter((e) => isField(e.field)) : [];
      if (onFields.length > 0) {
        setServerErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
        focusFirstInvalid(form.current);
      } else {
        notify(errorText(error, t`Registration failed`), { key: 'register', severity: 'error', durationMs: SNACKBAR_MS, position: 'bottom-left' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const genderLabel: Record<Gender, string> = {
    male: t`Male`, female: t`Female`, other: t`Other`, 'prefer-not-to-say': t`Prefer not to say`,
  };
  const titleLabel: Record<Title, string> = { Mr: t`Mr`, Mrs: t`Mrs`, Ms: t`Ms`, Mx: t`Mx`, Dr: t`Dr`, Other: t`Other` };
  const optional = (label: ReactNode) => <>{label} <span className="font-normal text-muted"><Trans>(optional)</Trans></span></>;
  const newTab = <span className="sr-only"> <Trans>(opens in a new tab)</Trans></span>;
  const phoneError = errorOf('phoneNumber') ?? errorOf('countryCode');

  return (
    <AuthCard
      title={<Trans>Create an account</Trans>}
      intro={<Trans>Already have an account? <Link href={paths.login.href()} className={linkClass}>Log in</Link></Trans>}
    >
      <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="register-form">
        <TextField label={<Trans>E-mail</Trans>} type="email" autoComplete="email" required value={values.email}
          onChange={(e) => {
            set('email', e.target.value, 'email');
          }}
          onBlur={onEmailBlur} error={errorOf('email')} />
        <PasswordField label={<Trans>Password</Trans>} autoComplete="new-password" required value={values.password}
          onChange={(e) => set('password', e.target.value, 'password')} onBlur={() => touch('password')} error={errorOf('password')}
          hint={<Trans>At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of @$!%*?&</Trans>} />
        <PasswordField label={<Trans>Confirm password</Trans>} autoComplete="new-password" required value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value, 'confirmPassword')} onBlur={() => touch('confirmPassword')}
          error={errorOf('confirmPassword')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={<Trans>First name</Trans>} autoComplete="given-name" required value={values.firstName}
            onChange={(e) => set('firstName', e.target.value, 'firstName')} onBlur={() => touch('firstName')} error={errorOf('firstName')} />
          <TextField label={<Trans>Last name</Trans>} autoComplete="family-name" required value={values.lastName}
            onChange={(e) => set('lastName', e.target.value, 'lastName')} onBlur={() => touch('lastName')} error={errorOf('lastName')} />
        </div>
        <TextField label={<Trans>Date of birth</Trans>} type="date" autoComplete="bday" required value={values.dateOfBirth}
          min="1900-01-01" max={toIsoDate(today)}
          onChange={(e) => set('dateOfBirth', e.target.value, 'dateOfBirth')} onBlur={() => touch('dateOfBirth')}
          error={errorOf('dateOfBirth')} hint={<Trans>You must be at least 13 years old.</Trans>} />
        <PhoneNumberField value={values.phone} onChange={onPhoneChange} onBlur={() => touch('phoneNumber', 'countryCode')}
          error={phoneError} countryCodeInvalid={Boolean(errorOf('countryCode'))}
          hint={phoneChecking && phoneChecking === fullPhone ? <Trans>Checking the number…</Trans> : <Trans>Digits and spaces, 8 to 15 characters.</Trans>} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={optional(<Trans>Gender</Trans>)} value={values.gender} error={rule(serverErrors.gender)}
            onChange={(e) => set('gender', e.target.value as Gender, 'gender')}>
            {GENDERS.map((g) => <option key={g} value={g}>{genderLabel[g]}</option>)}
          </SelectField>
          <SelectField label={optional(<Trans>Preferred title</Trans>)} value={values.title}
            onChange={(e) => set('title', e.target.value as Title | '')}>
            <option value="">{t`No title`}</option>
            {TITLES.map((title) => <option key={title} value={title}>{titleLabel[title]}</option>)}
          </SelectField>
        </div>
        <Checkbox
          checked={values.acceptedTerms}
          onChange={(e) => {
            set('acceptedTerms', e.target.checked, 'acceptedTerms');
            touch('acceptedTerms');
          }}
          error={errorOf('acceptedTerms')}
          label={
            <Trans>
              I accept the <a href={paths.terms.href()} target="_blank" rel="noopener" className={linkClass}>terms and conditions{newTab}</a> and
              the <a href={paths.privacy.href()} target="_blank" rel="noopener" className={linkClass}>privacy policy{newTab}</a>
            </Trans>
          }
        />
        <Button type="submit" loading={submitting} className="mt-2 w-full">
          {submitting ? <Trans>Creating account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
    </AuthCard>
  );
}
