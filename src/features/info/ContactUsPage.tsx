import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteSettings } from '../../ui/siteSettings';

type Field = 'name' | 'email' | 'subject' | 'message';
type FieldError = 'required' | 'invalid';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, FieldError>>;

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validateField(field: Field, value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (field === 'email' && !EMAIL_PATTERN.test(trimmed)) return 'invalid';
  return undefined;
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const error = validateField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

function errorMessage(field: Field, error: FieldError): ReactNode {
  switch (field) {
    case 'name':
      return <Trans>Please enter your name.</Trans>;
    case 'email':
      return error === 'invalid' ? (
        <Trans>Please enter a valid e-mail address, for example name@example.com.</Trans>
      ) : (
        <Trans>Please enter your e-mail address.</Trans>
      );
    case 'subject':
      return <Trans>Please enter a subject.</Trans>;
    case 'message':
      return <Trans>Please write a message.</Trans>;
  }
}

const inputClass =
  'mt-1 block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg aria-[invalid=true]:border-danger';

/** /contact-us: contact details and a form that opens the visitor's e-mail app (there is no backend call). */
export default function ContactUsPage() {
  const { contactEmail, organisationNumber } = useSiteSettings();
  const { t } = useLingui();
  const baseId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);

  const mailto = `mailto:${contactEmail}`;
  const idOf = (field: Field) => `${baseId}-${field}`;
  const errorIdOf = (field: Field) => `${baseId}-${field}-error`;

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field has shown an error, re-check it as the user types so the message clears when fixed.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateField(field, value) }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setSent(false);
      document.getElementById(idOf(firstInvalid))?.focus();
      return;
    }
    const name = values.name.trim();
    const email = values.email.trim();
    const message = values.message.trim();
    const body = t`${message}

Name: ${name}
E-mail: ${email}`;
    const href = `${mailto}?subject=${encodeURIComponent(values.subject.trim())}&body=${encodeURIComponent(body)}`;
    setSent(true);
    window.location.href = href;
  }

  function renderField(field: Field, label: ReactNode, control: 'input' | 'textarea', extra: { type?: string; autoComplete?: string }) {
    const error = errors[field];
    const props = {
      id: idOf(field),
      name: field,
      value: values[field],
      onChange: handleChange,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorIdOf(field) : undefined,
      autoComplete: extra.autoComplete,
      className: inputClass,
    };
    return (
      <div>
        <label htmlFor={idOf(field)} className="block font-medium">
          {label}
        </label>
        {control === 'textarea' ? <textarea rows={6} {...props} /> : <input type={extra.type ?? 'text'} {...props} />}
        {error && (
          <p id={errorIdOf(field)} className="mt-1 text-sm text-danger">
            {errorMessage(field, error)}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 text-fg">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Contact us</Trans>
      </h1>
      <p className="mt-4 text-lg leading-relaxed">
        <Trans>
          Do you have questions about EventMarket, need help with your account or listings, or want to know more about
          advertising with us? We are happy to hear from you.
        </Trans>
      </p>

      <section className="mt-8 rounded-lg border border-border bg-surface p-6">
        <h2 className="text-xl font-semibold">
          <Trans>Contact details</Trans>
        </h2>
        <ul className="mt-3 space-y-2">
          <li>
            <Trans>
              E-mail:{' '}
              <a href={mailto} className="text-accent underline underline-offset-2 hover:no-underline">
                {contactEmail}
              </a>
            </Trans>
          </li>
          <li>
            <Trans>Organisation number: {organisationNumber}</Trans>
          </li>
        </ul>
        <p className="mt-3 text-muted">
          <Trans>We usually reply within two working days.</Trans>
        </p>
      </section>

      <section className="mt-8">
        <h2 className="text-xl font-semibold">
          <Trans>Send us a message</Trans>
        </h2>
        <p className="mt-2 text-muted">
          <Trans>All fields are required. When you send the form, your e-mail app opens with the message filled in.</Trans>
        </p>
        <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-4">
          {renderField('name', <Trans>Name</Trans>, 'input', { autoComplete: 'name' })}
          {renderField('email', <Trans>E-mail</Trans>, 'input', { type: 'email', autoComplete: 'email' })}
          {renderField('subject', <Trans>Subject</Trans>, 'input', {})}
          {renderField('message', <Trans>Message</Trans>, 'textarea', {})}
          <button
            type="submit"
            className="rounded-md bg-accent px-4 py-2 font-semibold text-on-accent hover:bg-accent-strong"
          >
            <Trans>Send message</Trans>
          </button>
        </form>
        <div role="status" className="mt-4">
          {sent && (
            <p className="text-success">
              <Trans>
                Thank you! Your e-mail app should now open with your message. If it does not, please write to us
                directly at{' '}
                <a href={mailto} className="text-accent underline underline-offset-2 hover:no-underline">
                  {contactEmail}
                </a>
                .
              </Trans>
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
