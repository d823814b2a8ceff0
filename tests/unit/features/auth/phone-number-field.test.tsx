import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneNumberField, type PhoneValue } from '../../../../src/features/auth/PhoneNumberField';
import { COUNTRY_CODES } from '../../../../src/domain/countries';
import { renderAt } from './render';

function Harness({ initial = { countryCode: '+47', number: '' } }: { initial?: PhoneValue }) {
  const [value, setValue] = useState(initial);
  return <PhoneNumberField value={value} onChange={setValue} />;
}

const input = () => screen.getByTestId('phone-number') as HTMLInputElement;
const select = () => screen.getByTestId('country-code') as HTMLSelectElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('phone number field', () => {
  it('offers the 30 country codes (and an empty choice), +47 selected by default, with labels', () => {
    renderAt(<Harness />);
    expect(select().value).toBe('+47');
    expect([...select().options].map((o) => o.value)).toEqual(['', ...COUNTRY_CODES.map((c) => c.code)]);
    expect(screen.getByLabelText('Country code')).toBe(select());
    expect(screen.getByLabelText(/Phone number/)).toBe(input());
  });

  it.each([
    ['+46 70 123 45 67', '+46', '70 123 45 67'],
    ['+46', '+46', ''],
    ['0046701234567', '+46', '701234567'],
    ['0046 70 123 45 67', '+46', '70 123 45 67'],
    ['011 44 20 7946 0958', '+44', '20 7946 0958'],
    ['+358 40 1234567', '+358', '40 1234567'],
    ['4612345678', '+46', '12345678'],
  ])('moves the code typed in %s to the selector', (typed, code, rest) => {
    renderAt(<Harness />);
    type(typed);
    expect(select().value).toBe(code);
    expect(input().value).toBe(rest);
  });

  it.each([['41234567'], ['412 34 567'], ['+'], ['00'], ['+4']])('keeps %s in the field with the selected code', (typed) => {
    renderAt(<Harness />);
    type(typed);
    expect(select().value).toBe('+47');
    expect(input().value).toBe(typed);
  });

  it('lets the user pick a code in the selector', () => {
    renderAt(<Harness initial={{ countryCode: '+47', number: '12345678' }} />);
    fireEvent.change(select(), { target: { value: '+45' } });
    expect(select().value).toBe('+45');
    expect(input().value).toBe('12345678');
  });
});
