import { describe, expect, it } from 'vitest';
// Raw text through Vite's ?raw query: no Node APIs, so the test runs in the browser-like env.
import enPo from '../../src/locales/en/messages.po?raw';
import noPo from '../../src/locales/no/messages.po?raw';
import svPo from '../../src/locales/sv/messages.po?raw';

type PoEntry = { key: string; msgid: string; msgstr: string };

function unquote(line: string): string {
  const m = /^"(.*)"\s*$/.exec(line.trim());
  if (!m) throw new Error(`Malformed PO string: ${line}`);
  return JSON.parse(`"${m[1]}"`) as string;
}

/** Minimal PO reader: msgctxt/msgid/msgstr with continuation lines; skips the header and #~ entries. */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const raw of block.split('\n')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const kw = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
      if (kw) {
        current = kw[1]!;
        fields[current] = unquote(kw[2]!);
      } else if (line.startsWith('"') && current) {
        fields[current] += unquote(line);
      } else {
        throw new Error(`Unexpected PO line: ${raw}`);
      }
    }
    if (fields.msgid === undefined || fields.msgid === '') continue; // header or comment-only block
    const ctx = fields.msgctxt;
    entries.push({
      key: ctx === undefined ? fields.msgid : `${ctx}\u0004${fields.msgid}`,
      msgid: fields.msgid,
      msgstr: fields.msgstr ?? fields['msgstr[0]'] ?? '',
    });
  }
  return entries;
}

function untranslated(entries: PoEntry[]): string[] {
  return entries.filter((e) => e.msgstr.trim() === '').map((e) => e.msgid);
}

const catalogs = { en: parsePo(enPo), no: parsePo(noPo), sv: parsePo(svPo) };

describe('PO parser', () => {
  it('reads multi-line strings and reports empty translations', () => {
    const sample = [
      'msgid ""',
      'msgstr ""',
      '"Language: no\\n"',
      '',
      '#: src/a.tsx:1',
      'msgid "Hello"',
      'msgstr ""',
      '',
      'msgid ""',
      '"Two "',
      '"lines"',
      'msgstr "To \\"linjer\\""',
    ].join('\n');
    const entries = parsePo(sample);
    expect(entries.map((e) => e.msgid)).toEqual(['Hello', 'Two lines']);
    expect(entries[1]!.msgstr).toBe('To "linjer"');
    expect(untranslated(entries)).toEqual(['Hello']);
  });
});

describe('locale catalogs', () => {
  it.each(Object.entries(catalogs))('%s catalog has messages', (_locale, entries) => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(catalogs))('%s catalog has a non-empty msgstr for every msgid', (_locale, entries) => {
    expect(untranslated(entries)).toEqual([]);
  });

  it.each(['no', 'sv'] as const)('en and %s catalogs hold the same msgids', (locale) => {
    const en = new Set(catalogs.en.map((e) => e.key));
    const other = new Set(catalogs[locale].map((e) => e.key));
    expect([...en].filter((k) => !other.has(k)), `missing in ${locale}`).toEqual([]);
    expect([...other].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
  });

  // A translation that drops or renames a placeholder or a markup tag shows the wrong text (or
  // none) at run time, and no type check sees it.
  it.each(['no', 'sv'] as const)('%s keeps every placeholder and markup tag of the English text', (locale) => {
    // An argument is `{name}` or `{count, plural, …`; a plural branch (`one {listing}`) is text.
    const tokens = (text: string) =>
      (text.match(/(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{[A-Za-z_]\w*(?=[},])|<\/?\d+\/?>/g) ?? []).sort();
    const changed = catalogs[locale]
      .filter((e) => e.msgstr !== '' && tokens(e.msgid).join() !== tokens(e.msgstr).join())
      .map((e) => e.msgid);
    expect(changed).toEqual([]);
  });

  it('has no duplicate msgids', () => {
    for (const entries of Object.values(catalogs)) {
      const keys = entries.map((e) => e.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
