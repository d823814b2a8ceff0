import { readFileSync } from 'node:fs';

/**
 * The app's own texts for e2e queries in any language: the English source, or its translation read
 * from the .po catalog, so a test in Swedish looks for what the Swedish UI really says (and breaks
 * if the screen is not translated) without copying translations into the test.
 */
export type AppLanguage = 'en' | 'no' | 'sv';

const catalogs = new Map<AppLanguage, ReadonlyMap<string, string>>();

const unquote = (quoted: string): string => JSON.parse(quoted) as string;

/** msgid → msgstr of one catalog (continuation lines joined; the header and obsolete entries skipped). */
function readCatalog(language: Exclude<AppLanguage, 'en'>): ReadonlyMap<string, string> {
  const text = readFileSync(new URL(`../../src/locales/${language}/messages.po`, import.meta.url), 'utf8');
  const entries = new Map<string, string>();
  for (const block of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of block.split('\n').map((l) => l.trim())) {
      const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (keyword) fields[current = keyword[1]!] = unquote(keyword[2]!);
      else if (line.startsWith('"') && current) fields[current] += unquote(line);
    }
    if (fields.msgid && fields.msgctxt === undefined && fields.msgstr) entries.set(fields.msgid, fields.msgstr);
  }
  return entries;
}

/**
 * The text `msgid` shows in `language`, its `{placeholders}` filled from `values`. Throws when the
 * catalog has no translation or a placeholder has no value: a query must never fall back silently.
 */
export function appText(language: AppLanguage, msgid: string, values: Record<string, string> = {}): string {
  let text = msgid;
  if (language !== 'en') {
    let catalog = catalogs.get(language);
    if (!catalog) catalogs.set(language, catalog = readCatalog(language));
    const translated = catalog.get(msgid);
    if (!translated) throw new Error(`The ${language} catalog has no translation of "${msgid}"`);
    text = translated;
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`"${msgid}" needs a value for {${name}}`);
    return value;
  });
}

/** A field's label as a pattern: the text, with the required mark (" *") the label may add. */
export function fieldLabel(language: AppLanguage, msgid: string): RegExp {
  return new RegExp(`^${appText(language, msgid).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}
