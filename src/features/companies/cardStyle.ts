import { useState } from 'react';
import { safeGet, safeSet } from '../../api/storage';
import { COMPANY_STYLES, type CompanyStyle } from '../../domain/companies';

/** Where /companies remembers the chosen card style on this device. */
export const CARD_STYLE_KEY = 'companies.cardStyle';

const isStyle = (value: string | null): value is CompanyStyle => (COMPANY_STYLES as readonly string[]).includes(value ?? '');

/** The card style of /companies: 'default' until the user picks another, then theirs on this device. */
export function useCardStyle(): [CompanyStyle, (style: CompanyStyle) => void] {
  const [style, setStyle] = useState<CompanyStyle>(() => {
    const stored = safeGet('local', CARD_STYLE_KEY);
    return isStyle(stored) ? stored : 'default';
  });
  const choose = (next: CompanyStyle) => {
    setStyle(next);
    safeSet('local', CARD_STYLE_KEY, next);
  };
  return [style, choose];
}
