import type { PageMeta } from '../../src/app/page-meta';

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside a <script> element: no `<` may start `</script>` or `<!--` (JSON.parse reads the escapes back). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface HeadInput {
  meta: PageMeta;
  /** Absolute canonical URL, or null (a not-found page has none and is not indexed). */
  canonical: string | null;
  ogType: string;
  /** Absolute URL of the page's picture. */
  image: string;
  locale: string;
  jsonLd: object | null;
  /** The page's largest above-the-fold image, fetched before the stylesheet and the scripts are read. */
  preloadImage?: PreloadImage | null;
}

/** An image to preload: the very addresses the rendered <img> asks for (src, srcset, sizes). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

const OG_LOCALES: Record<string, string> = { en: 'en_GB', no: 'nb_NO', sv: 'sv_SE' };

/** The tags a server-rendered page adds to the template's <head>. */
export function headTags({ meta, canonical, ogType, image, locale, jsonLd, preloadImage }: HeadInput): string {
  const tag = (name: string, content: string, attr: 'name' | 'property' = 'name') =>
    `<meta ${attr}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('description', meta.description),
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : tag('robots', 'noindex'),
    tag('og:site_name', 'EventMarket', 'property'),
    tag('og:title', meta.title, 'property'),
    tag('og:description', meta.description, 'property'),
    tag('og:type', ogType, 'property'),
    ...(canonical ? [tag('og:url', canonical, 'property')] : []),
    tag('og:image', image, 'property'),
    tag('og:locale', OG_LOCALES[locale] ?? 'nb_NO', 'property'),
    tag('twitter:card', 'summary_large_image'),
    tag('twitter:title', meta.title),
    tag('twitter:description', meta.description),
    tag('twitter:image', image),
    ...(jsonLd ? [`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`] : []),
    ...(preloadImage ? [preloadTag(preloadImage)] : []),
  ].join('\n    ');
}

/**
 * `<link rel="preload" as="image">` with high priority: the browser starts the image with the HTML
 * instead of when it reaches the <img>. With a srcset it picks the same candidate the <img> will
 * (imagesrcset and imagesizes), so the image is fetched once.
 */
export function preloadTag({ href, srcset, sizes }: PreloadImage): string {
  return [
    `<link rel="preload" as="image" href="${escapeHtml(href)}"`,
    ...(srcset ? [` imagesrcset="${escapeHtml(srcset)}"`] : []),
    ...(sizes ? [` imagesizes="${escapeHtml(sizes)}"`] : []),
    ' fetchpriority="high" />',
  ].join('');
}
