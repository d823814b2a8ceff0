import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * The names of the pages whose title is composed from messages, shared by the server's head tags
 * (src/app/page-meta.ts) and the screens' window titles (usePageTitle), so both say the same.
 * `titled()` (src/domain/page-title.ts) adds the app's name. No DOM and no React: the server imports it.
 */

/** The search page: the searched text, or "Search" without one. */
export function searchPageName(i18n: I18n, query: string | null | undefined): string {
  const q = query ?? '';
  return q ? i18n._(msg`Search results for “${q}”`) : i18n._(msg`Search`);
}

/** Browse: the category's heading ("All listings" without one), then the searched text, quoted in the page's language. */
export function browsePageName(i18n: I18n, categoryName: string | null | undefined, query: string | null | undefined): string {
  const heading = categoryName ?? i18n._(msg`All listings`);
  return query ? i18n._(msg`${heading}: “${query}”`) : heading;
}
