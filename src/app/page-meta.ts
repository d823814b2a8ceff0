import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Company } from '../domain/companies';
import type { Listing } from '../domain/listings';
import { titled } from '../domain/page-title';
import { browsePageName, searchPageName } from '../ui/page-titles';

/** What a public page is about, as far as its title and description go (server/ssr fills it). */
export type PageMetaInput =
  | { kind: 'home' }
  | { kind: 'search'; query: string }
  | { kind: 'browse'; categoryName: string | null; query: string | null }
  | { kind: 'listing'; listing: Listing }
  | { kind: 'company'; company: Company }
  | { kind: 'notFound' };

export interface PageMeta {
  title: string;
  description: string;
}

const SITE = 'EventMarket';

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** The <title> and meta description of a public page, in the page's language. */
export function pageMeta(i18n: I18n, input: PageMetaInput): PageMeta {
  const siteDescription = i18n._(msg`Find event-service suppliers in Norway and Sweden: venues, catering, music, photography and more.`);
  switch (input.kind) {
    case 'home':
      // The app's name alone, as the shell's title: the description carries the tagline.
      return { title: SITE, description: siteDescription };
    case 'search':
      return { title: titled(searchPageName(i18n, input.query)), description: siteDescription };
    case 'browse':
      return { title: titled(browsePageName(i18n, input.categoryName, input.query)), description: siteDescription };
    case 'listing':
      return {
        title: titled(input.listing.name),
        description: clip(input.listing.shortDescription || input.listing.company.shortDescription || siteDescription),
      };
    case 'company':
      return { title: titled(input.company.name), description: clip(input.company.shortDescription || siteDescription) };
    case 'notFound':
      return { title: titled(i18n._(msg`Page Not Found`)), description: siteDescription };
  }
}
