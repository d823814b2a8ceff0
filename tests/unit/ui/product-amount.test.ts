import { describe, expect, it } from 'vitest';
import { productAmount } from '../../../src/ui/productLabels';

describe('productAmount', () => {
  it('keeps the spec\'s "$" and shows whole prices without decimals', () => {
    expect(productAmount(99)).toBe('$99');
    expect(productAmount(99.5)).toBe('$99.50');
  });

  it('follows the chosen locale for grouping and the decimal sign', () => {
    expect(productAmount(1299.5, 'en')).toBe('$1,299.50');
    // Norwegian and Swedish group with a no-break space and use a decimal comma.
    expect(productAmount(1299.5, 'no')).toBe('$1\u00a0299,50');
    expect(productAmount(1299.5, 'sv')).toBe('$1\u00a0299,50');
    expect(productAmount(12000, 'sv')).toBe('$12\u00a0000');
  });
});
