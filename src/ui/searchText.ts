/**
 * Text search that ignores case and the accents the reader's language does not count as letters of
 * their own: 'cafe' finds 'Café' everywhere, but in Norwegian and Swedish å, ä, ö (like ø and æ)
 * are letters, so 'bar' does not find 'Bår' there. Intl.Collator at base sensitivity tells which
 * accented letters the language keeps apart from their base letter.
 */

const MARKS = /\p{M}/gu;
/** Per language, each accented letter seen: itself when the language keeps it, else its base letter. */
const folds = new Map<string, Map<string, string>>();

function letterFold(locale: string): (letter: string) => string {
  let known = folds.get(locale);
  if (!known) folds.set(locale, (known = new Map()));
  const cache = known;
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (letter) => {
    let folded = cache.get(letter);
    if (folded === undefined) {
      const base = letter.normalize('NFD').replace(MARKS, '');
      folded = base !== '' && collator.compare(letter, base) === 0 ? base : letter;
      cache.set(letter, folded);
    }
    return folded;
  };
}

/** `text` lower-cased in `locale`, without the accents `locale` does not treat as letters. */
export function foldForSearch(text: string, locale: string): string {
  const fold = letterFold(locale);
  // NFC first, so a decomposed 'å' (a + ring) is one letter to judge; plain ASCII needs no judging.
  return text.normalize('NFC').toLocaleLowerCase(locale).replace(/[^\p{ASCII}]/gu, fold);
}

/**
 * Whether every word of `query` occurs in one of `texts` (any order), as `foldForSearch` sees them.
 * An empty query matches everything.
 */
export function matchesQuery(query: string, texts: readonly (string | null | undefined)[], locale: string): boolean {
  const words = foldForSearch(query, locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter((s): s is string => !!s).map((s) => foldForSearch(s, locale)).join('\n');
  return words.every((word) => haystack.includes(word));
}
