import { describe, expect, it } from 'vitest';
// Raw text through Vite's ?raw query: no Node APIs, so the test runs in the browser-like env.
import enPo from '../../src/locales/en/messages.po?raw';
import noPo from '../../src/locales/no/messages.po?raw';

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

const catalogs = { en: parsePo(enPo), no: parsePo(noPo) };

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

  it('en and no catalogs hold the same msgids', () => {
    const en = new Set(catalogs.en.map((e) => e.key));
    const no = new Set(catalogs.no.map((e) => e.key));
    expect([...en].filter((k) => !no.has(k)), 'missing in no').toEqual([]);
    expect([...no].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
  });

  it('has no duplicate msgids', () => {
    for (const entries of Object.values(catalogs)) {
      const keys = entries.map((e) => e.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
