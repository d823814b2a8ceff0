import { normalizeLocale, type AppLocale } from '../../src/app/i18n-locale';
import { cookieValue } from '../../src/domain/ssr';

/** The supported language the visitor's Accept-Language ranks highest, or null when none is. */
function fromAcceptLanguage(header: string | undefined): AppLocale | null {
  const ranked = (header ?? '').split(',').slice(0, 20).map((entry, index) => {
    const [tag = '', ...params] = entry.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((e) => e.tag && e.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split(/[-_]/)[0];
    if (primary === 'en' || primary === 'sv' || primary === 'no' || primary === 'nb' || primary === 'nn') return normalizeLocale(tag);
  }
  return null;
}

/**
 * The language a server-rendered page is in: the app's own choice (the `locale` cookie it sets,
 * src/app/i18n.ts), else the browser's languages, else Norwegian, the app's fallback.
 */
export function pickLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined, cookieName: string): AppLocale {
  const chosen = cookieValue(cookieHeader, cookieName);
  if (chosen) return normalizeLocale(chosen);
  return fromAcceptLanguage(acceptLanguage) ?? normalizeLocale(null);
}
