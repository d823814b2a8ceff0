import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import { COUNTRY_CODES } from '../../domain/countries';
import { detectCountryCode, formatPhone, normalizePhone, splitFullPhone } from '../../domain/phone';
import type { User } from '../../domain/user';
import { Messages, toIsoDate, validateCountryCode, validatePhoneNumber, validateProfile } from '../../domain/validation';
import { updateProfile } from '../../sync/entities/profile';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useDirtyForm } from '../../state/dirty-forms';
import { dismissToast, toast } from './feedback';
import { useServerMessage } from './messages';
import { saveProfileChange, storeProfile } from './profileWrites';
import type { ProfileUser } from './types';
import { usePhoneVerification } from './usePhoneVerification';
import { VerifyPhoneDialog } from './VerifyPhoneDialog';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';

export interface PersonalInfoValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  countryCode: string;
  phoneNumber: string;
  address: string;
  zipCode: string;
  city: string;
}

type Field = keyof PersonalInfoValues;
type Errors = Partial<Record<Field, string>>;

/** The form's values from the stored user; '+47 12345678' is split into code and number. */
export function valuesFromUser(user: ProfileUser | User): PersonalInfoValues {
  const split = user.phoneNumber ? splitFullPhone(user.phoneNumber) : null;
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    countryCode: split?.countryCode ?? DEFAULT_COUNTRY_CODE,
    phoneNumber: split?.number ?? user.phoneNumber ?? '',
    address: user.address ?? '',
    zipCode: user.zipCode ?? '',
    city: user.city ?? '',
  };
}

/** Profile rules of spec 1 §5 for the form: English rule messages by field. */
export function validatePersonalInfo(values: PersonalInfoValues, today = new Date()): Errors {
  const errors: Errors = {};
  for (const e of validateProfile({
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth || null,
    zipCode: values.zipCode,
  }, today)) errors[e.field as Field] = e.message;
  const phone = validatePhoneNumber(values.phoneNumber) ?? validateCountryCode(values.phoneNumber, values.countryCode);
  if (phone) errors.phoneNumber = phone;
  return errors;
}

const FIELDS: Field[] = ['firstName', 'lastName', 'dateOfBirth', 'countryCode', 'phoneNumber', 'address', 'zipCode', 'city'];

/** Personal Information: names, birth date, mobile with WhatsApp verification, address; e-mail read-only. */
export function PersonalInfoForm({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const translate = useServerMessage();
  const [values, setValues] = useState(() => valuesFromUser(user));
  // Unsaved edits: an app update waits for the user rather than reloading them away.
  useDirtyForm('profile-personal-info', JSON.stringify(values) !== JSON.stringify(valuesFromUser(user)));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const verification = usePhoneVerification();

  const hasPhone = values.phoneNumber.trim() !== '';
  const fullPhone = hasPhone ? formatPhone(values.countryCode, values.phoneNumber) : '';
  // Verified only while the field still holds the stored, confirmed number.
  const verified = Boolean(user.phoneNumberConfirmed && user.phoneNumber && hasPhone
    && normalizePhone(user.phoneNumber) === normalizePhone(fullPhone));

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // The country code's errors show under the number.
    const shownOn: Field = field === 'countryCode' ? 'phoneNumber' : field;
    setErrors((e) => (e[shownOn] ? { ...e, [shownOn]: undefined } : e));
  }

  /** A code typed with +, 00 or 011 moves to the selector at once; an unprefixed one on leaving the field. */
  function changePhone(value: string, leaving = false) {
    const trimmed = value.trim();
    const detected = leaving || /^(\+|00|011)/.test(trimmed) ? detectCountryCode(value) : null;
    if (detected) {
      setValues((v) => ({ ...v, countryCode: detected.countryCode, phoneNumber: detected.number }));
      setErrors((e) => ({ ...e, phoneNumber: undefined }));
    } else if (!leaving) {
      change('phoneNumber', value);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePersonalInfo(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      const outcome = await saveProfileChange(updateProfile, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        dateOfBirth: values.dateOfBirth || null,
        phoneNumber: hasPhone ? values.phoneNumber.trim() : null,
        countryCode: hasPhone ? values.countryCode : null,
        address: values.address.trim() || null,
        zipCode: values.zipCode.trim(),
        city: values.city.trim() || null,
      });
      if (outcome.state === 'sent') {
        toast('info', t`Profile updated successfully`, 'success');
      } else if (outcome.state === 'pending' || outcome.state === 'conflict') {
        // Said once, by the note above the profile (ProfileSyncNote), which stays while it is true.
        dismissToast('info');
      } else {
        const next: Errors = {};
        for (const e of outcome.entry.fieldErrors ?? []) if ((FIELDS as string[]).includes(e.field)) next[e.field as Field] = e.message;
        if (next.countryCode) next.phoneNumber ??= next.countryCode;
        setErrors(next);
        toast('info', t`Failed to update profile`, 'error');
        focusFirstInvalid(formRef.current);
      }
    } catch {
      toast('info', t`Failed to update profile`, 'error');
    } finally {
      setSaving(false);
    }
  }

  function startVerification() {
    if (!hasPhone) {
      // Said on the phone field, which gets the focus: no snackbar repeating it.
      setErrors((e) => ({ ...e, phoneNumber: Messages.PhoneFirst }));
      focusFirstInvalid(formRef.current);
      return;
    }
    const invalid = validatePhoneNumber(values.phoneNumber) ?? validateCountryCode(values.phoneNumber, values.countryCode);
    if (invalid) {
      setErrors((e) => ({ ...e, phoneNumber: invalid }));
      focusFirstInvalid(formRef.current);
      return;
    }
    verification.start(fullPhone);
  }

  const error = (field: Field) => translate(errors[field]);
  const today = toIsoDate(new Date());

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-fg"><Trans>Personal Information</Trans></h2>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t`First name`} required autoComplete="given-name" maxLength={100} value={values.firstName}
          onChange={(e) => change('firstName', e.target.value)} error={error('firstName')} />
        <TextField label={t`Last name`} required autoComplete="family-name" maxLength={100} value={values.lastName}
          onChange={(e) => change('lastName', e.target.value)} error={error('lastName')} />
        <TextField label={t`Email`} type="email" value={user.email} disabled readOnly className="sm:col-span-2"
          hint={t`Your email address cannot be changed.`} />
        <TextField label={t`Date of birth`} type="date" max={today} autoComplete="bday" value={values.dateOfBirth}
          onChange={(e) => change('dateOfBirth', e.target.value)} error={error('dateOfBirth')} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <TextField
            label={t`Mobile phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={values.phoneNumber}
            onChange={(e) => changePhone(e.target.value)}
            onBlur={(e) => changePhone(e.target.value, true)}
            error={error('phoneNumber')}
            hint={t`Digits and spaces, 8 to 15 characters.`}
            data-testid="profile-phone"
            addon={(
              <SelectField label={t`Country code`} hideLabel className="w-28 shrink-0" value={values.countryCode}
                onChange={(e) => change('countryCode', e.target.value)} data-testid="profile-country-code">
                {COUNTRY_CODES.map((c) => <option key={c.iso} value={c.code}>{`${c.iso} ${c.code}`}</option>)}
              </SelectField>
            )}
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {verified ? (
              <span className="inline-flex items-center gap-1 rounded-full border border-success px-3 py-0.5 text-xs font-semibold text-success" data-testid="phone-verified">
                <span aria-hidden="true">✓</span><Trans>Verified</Trans>
              </span>
            ) : (
              <Button variant="secondary" onClick={startVerification} loading={verification.sending} data-testid="phone-verify">
                <Trans>Verify via WhatsApp</Trans>
              </Button>
            )}
          </div>
        </div>
        <TextField label={t`Address`} autoComplete="street-address" maxLength={200} value={values.address}
          onChange={(e) => change('address', e.target.value)} error={error('address')} className="sm:col-span-2" />
        <TextField label={t`Zip code`} required autoComplete="postal-code" maxLength={20} value={values.zipCode}
          onChange={(e) => change('zipCode', e.target.value)} error={error('zipCode')} />
        <TextField label={t`City`} autoComplete="address-level2" maxLength={100} value={values.city}
          onChange={(e) => change('city', e.target.value)} error={error('city')} />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={saving} data-testid="profile-save"><Trans>Save changes</Trans></Button>
        </div>
      </form>
      {verification.phone && (
        <VerifyPhoneDialog
          phone={verification.phone}
          sending={verification.sending}
          onResend={verification.resend}
          onClose={verification.close}
          onVerified={(verifiedUser: User) => {
            void storeProfile(verifiedUser);
            setValues((v) => ({ ...v, ...phoneValues(verifiedUser) }));
            verification.close();
          }}
        />
      )}
    </Card>
  );
}

function phoneValues(user: User): Pick<PersonalInfoValues, 'countryCode' | 'phoneNumber'> {
  const { countryCode, phoneNumber } = valuesFromUser(user);
  return { countryCode, phoneNumber };
}
