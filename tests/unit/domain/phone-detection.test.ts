import { describe, expect, it } from 'vitest';
import { detectCountryCode } from '../../../src/domain/phone';

describe('moving a typed country code into the selector (spec 1 §5)', () => {
  it.each([
    ['+46 70 123 45 67', '+46', '70 123 45 67'],
    ['+4791234567', '+47', '91234567'],
    ['0046 701234567', '+46', '701234567'],
    ['011 1 202 555 0123', '+1', '202 555 0123'],
    ['+358 40 123 4567', '+358', '40 123 4567'],
    ['+420 601 123 456', '+420', '601 123 456'],
  ])('a prefixed code: %s → %s', (input, countryCode, number) => {
    expect(detectCountryCode(input)).toEqual({ countryCode, number });
  });

  it('auto-detects an unprefixed code only with enough digits after it', () => {
    expect(detectCountryCode('4791234567')).toEqual({ countryCode: '+47', number: '91234567' });
    // An ordinary 8-digit Norwegian number starting with 45 is not taken for Denmark.
    expect(detectCountryCode('45123456')).toBeNull();
    expect(detectCountryCode('91234567')).toBeNull();
    expect(detectCountryCode('012345678')).toBeNull();
  });

  it('leaves unknown codes and empty input alone', () => {
    expect(detectCountryCode('+999 1234')).toBeNull();
    expect(detectCountryCode('')).toBeNull();
    expect(detectCountryCode('+')).toBeNull();
  });
});
