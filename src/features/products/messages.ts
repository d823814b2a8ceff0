import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { ProductMessages } from '../../domain/products';

type ProductMessageKey = keyof typeof ProductMessages;

/** Translations of the product rule messages (src/domain/products.ts; the server sends the English). */
const DESCRIPTORS: Record<ProductMessageKey, MessageDescriptor> = {
  NameRequired: msg`Name is required`,
  NameTooLong: msg`Name must be at most 100 characters`,
  DescriptionTooLong: msg`Description must be at most 2000 characters`,
  PriceInvalid: msg`Price must be a number of 0 or more with at most 2 decimals`,
  TokensInvalid: msg`Must be a whole number of 0 or more`,
  TypeInvalid: msg`Type must be 100 (Subscription) or 200 (OneTime)`,
  CurrencyInvalid: msg`Currency must be 0 (USD), 1 (EUR), 2 (NOK), 3 (SEK) or 4 (DKK)`,
};

const BY_ENGLISH = new Map<string, MessageDescriptor>(
  (Object.keys(ProductMessages) as ProductMessageKey[]).map((key) => [ProductMessages[key], DESCRIPTORS[key]] as const),
);

/** A product rule message in the active language (a message of the server's own comes back as sent). */
export function useProductMessage(): (english: string) => string {
  const { i18n } = useLingui();
  return (english) => {
    const descriptor = BY_ENGLISH.get(english);
    return descriptor ? i18n._(descriptor) : english;
  };
}

/**
 * Why a product call failed, for the screen: the server's message (translated when it is one of
 * ours), a connection note when no answer came, else null (the caller's own 'Failed to …').
 */
export function useProductFailure(): (error: unknown) => string | null {
  const { t } = useLingui();
  const message = useProductMessage();
  return (error) => {
    if (!(error instanceof ApiError)) return null;
    if (error.isNetworkError) return t`Cannot reach the server. Check your connection.`;
    const text = error.message.trim();
    return text ? message(text) : null;
  };
}
