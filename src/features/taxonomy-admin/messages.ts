import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { TaxonomyMessages } from '../../domain/taxonomy';
import { CategoryFormMessages } from './categoryForm';

type TaxonomyMessageKey = keyof typeof TaxonomyMessages;
type FormMessageKey = keyof typeof CategoryFormMessages;

/** Translations of the taxonomy rule messages (src/domain/taxonomy.ts; the server sends the English). */
const RULES: Record<TaxonomyMessageKey, MessageDescriptor> = {
  NameRequired: msg`Name is required`,
  NameTooLong: msg`Name cannot exceed 100 characters`,
  ShortDescriptionTooLong: msg`Short description cannot exceed 200 characters`,
  DescriptionTooLong: msg`Description cannot exceed 4000 characters`,
  GroupNameTooLong: msg`Group name cannot exceed 100 characters`,
  SelectCategoryFirst: msg`Please select a category first`,
  SelectSubCategoryFirst: msg`Please select a subCategory first`,
};

const FORM_RULES: Record<FormMessageKey, MessageDescriptor> = {
  ShortDescriptionRequired: msg`Short description is required`,
  DescriptionRequired: msg`Description is required`,
};

/** The server's own messages for taxonomy writes (server/lib/admin-crud.ts, modules/taxonomy/service.ts). */
const SERVER = {
  CategoryStale: 'The category was changed by someone else. Reload it and try again.',
  CategoryNotFound: 'Category not found',
  SubCategoryStale: 'The sub-category was changed by someone else. Reload it and try again.',
  SubCategoryNotFound: 'Sub-category not found',
  NoSuchCategory: 'The category does not exist',
} as const;

const SERVER_TEXTS: Record<keyof typeof SERVER, MessageDescriptor> = {
  CategoryStale: msg`The category was changed by someone else. Reload it and try again.`,
  CategoryNotFound: msg`Category not found`,
  SubCategoryStale: msg`The sub-category was changed by someone else. Reload it and try again.`,
  SubCategoryNotFound: msg`Sub-category not found`,
  NoSuchCategory: msg`The category does not exist`,
};

const BY_ENGLISH = new Map<string, MessageDescriptor>([
  ...(Object.keys(TaxonomyMessages) as TaxonomyMessageKey[]).map((key) => [TaxonomyMessages[key], RULES[key]] as const),
  ...(Object.keys(CategoryFormMessages) as FormMessageKey[]).map((key) => [CategoryFormMessages[key], FORM_RULES[key]] as const),
  ...(Object.keys(SERVER) as (keyof typeof SERVER)[]).map((key) => [SERVER[key], SERVER_TEXTS[key]] as const),
]);

/** The server's 409s for a category or sub-category listings still use (server/modules/taxonomy/service.ts). */
const IN_USE = /^This category is used by (\d+) listings?\. Move or delete them first\.$/;
const SUB_IN_USE = /^This sub-category is used by (\d+) listings?\. Move or delete them first\.$/;

// --- Services (category services and sub-category services) ---

/** The server's 404, 412 and parent checks for a service (server/lib/admin-crud.ts, modules/taxonomy). */
const SERVICE_MESSAGES = new Map<string, MessageDescriptor>([
  ['Category service not found', msg`Category service not found`],
  ['Sub-category service not found', msg`Sub-category service not found`],
  ['The category service was changed by someone else. Reload it and try again.',
    msg`The category service was changed by someone else. Reload it and try again.`],
  ['The sub-category service was changed by someone else. Reload it and try again.',
    msg`The sub-category service was changed by someone else. Reload it and try again.`],
  ['The category does not exist', msg`The category does not exist`],
  ['The sub-category does not exist', msg`The sub-category does not exist`],
]);

/** The server's 409 for a service listings still offer (server/modules/taxonomy/service.ts). */
const SERVICE_IN_USE = /^This service is used by (\d+) listings?\. Move or delete them first\.$/;

/** A service message of the server in the active language, or null when it is not one. */
function useServiceMessage(): (english: string) => string | null {
  const { i18n, t } = useLingui();
  return (english) => {
    const inUse = SERVICE_IN_USE.exec(english);
    if (inUse) {
      const count = Number(inUse[1]);
      return count === 1
        ? t`This service is used by 1 listing. Move or delete it first.`
        : t`This service is used by ${count} listings. Move or delete them first.`;
    }
    const descriptor = SERVICE_MESSAGES.get(english);
    return descriptor ? i18n._(descriptor) : null;
  };
}

// --- end of services ---

/** A taxonomy rule message in the active language (a message of the server's own comes back as sent). */
export function useTaxonomyMessage(): (english: string) => string {
  const { i18n, t } = useLingui();
  const serviceMessage = useServiceMessage();
  return (english) => {
    const service = serviceMessage(english);
    if (service !== null) return service;
    const inUse = IN_USE.exec(english);
    if (inUse) {
      const count = Number(inUse[1]);
      return count === 1
        ? t`This category is used by 1 listing. Move or delete it first.`
        : t`This category is used by ${count} listings. Move or delete them first.`;
    }
    const subInUse = SUB_IN_USE.exec(english);
    if (subInUse) {
      const count = Number(subInUse[1]);
      return count === 1
        ? t`This sub-category is used by 1 listing. Move or delete it first.`
        : t`This sub-category is used by ${count} listings. Move or delete them first.`;
    }
    const descriptor = BY_ENGLISH.get(english);
    return descriptor ? i18n._(descriptor) : english;
  };
}

/**
 * Why a taxonomy call failed, for the screen: the server's message (translated when it is one of
 * ours), a connection note when no answer came, else null (the caller's own 'Failed to …').
 */
export function useTaxonomyFailure(): (error: unknown) => string | null {
  const { t } = useLingui();
  const message = useTaxonomyMessage();
  return (error) => {
    if (!(error instanceof ApiError)) return null;
    if (error.isNetworkError) return t`Cannot reach the server. Check your connection.`;
    const text = error.message.trim();
    return text ? message(text) : null;
  };
}
