/**
 * The pseudo-locale catalog for layout QA: every English message accented by Lingui's own
 * pseudolocalization (placeholders, plurals and <0>tags</0> kept), then bracketed and padded
 * about 35 % longer, so a layout that only fits English shows it. "Save changes" becomes
 * "[Śàvē ćĥàńĝēś~~~~~]".
 *
 * Not a catalog of lingui.config's `locales` (there is no .po file to keep translated): it is
 * compiled from the English catalog on request, by the API server when PSEUDO_LOCALE is on
 * (server/modules/dev/pseudo-locale.ts), and read by the app with ?locale=en-XA (src/app/i18n.ts).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';

/** Compiled messages as @lingui/core reads them (the shape of @lingui/message-utils' CompiledMessage). */
type Token = string | [name: string, type?: string, format?: unknown];
type Compiled = string | Token[];

/** How much longer than English the pseudo text is: translations into Norwegian and Swedish run 20–35 % longer. */
export const PSEUDO_GROWTH = 0.35;
/** Padding comes in runs this long with spaces between, so a long paragraph still wraps as real text would. */
const PAD_RUN = 6;
/** A value a placeholder stands for ({name}, a number) is counted as this many characters. */
const PLACEHOLDER_CHARS = 4;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The characters a reader sees: tags (<0>, </0>, <1/>) are not text. */
const visibleLength = (text: string) => text.replace(/<\/?\d+\s*\/?>/g, '').length;

/** Choices of a plural or select (their keys are the branch names; `offset` is a number, not a branch). */
function choices(format: unknown): Compiled[] {
  if (!format || typeof format !== 'object') return [];
  return Object.values(format as Record<string, unknown>).filter((v): v is Compiled => typeof v === 'string' || Array.isArray(v));
}

/** Visible length of a compiled message; a plural or select counts as its longest branch. */
function messageLength(message: Compiled): number {
  if (typeof message === 'string') return visibleLength(message);
  return message.reduce<number>((sum, token) => {
    if (typeof token === 'string') return sum + visibleLength(token);
    const branches = choices(token[2]);
    return sum + (branches.length ? Math.max(...branches.map(messageLength)) : PLACEHOLDER_CHARS);
  }, 0);
}

/** "~~~~~~ ~~~" for 9: runs of PAD_RUN; the first is glued to the last word, as a longer word would be. */
function padding(chars: number): string {
  const runs: string[] = [];
  for (let left = chars; left > 0; left -= PAD_RUN) runs.push('~'.repeat(Math.min(PAD_RUN, left)));
  return runs.join(' ');
}

/** Brackets and pads one (already accented) compiled message; an empty one stays empty. */
export function lengthen(message: Compiled): Compiled {
  const length = messageLength(message);
  if (length === 0) return message;
  const tokens = typeof message === 'string' ? [message] : message;
  return ['[', ...tokens, `${padding(Math.ceil(length * PSEUDO_GROWTH))}]`];
}

/** The pseudo-locale tag configured in lingui.config (`pseudoLocale`). */
export function pseudoLocaleTag(root = ROOT): string {
  const tag = getConfig({ cwd: root }).pseudoLocale;
  if (!tag) throw new Error('lingui.config has no pseudoLocale');
  return tag;
}

/** The whole pseudo catalog as an ES module: `export const messages = {...}`, as a catalog chunk is. */
export async function compilePseudoCatalog(root = ROOT): Promise<string> {
  const config = getConfig({ cwd: root });
  const pseudoLocale = pseudoLocaleTag(root);
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config has no catalog');
  const sourceLocale = config.sourceLocale ?? 'en';
  const { messages } = await catalog.getTranslations(sourceLocale, { fallbackLocales: {}, sourceLocale });
  const { source, errors } = createCompiledCatalog(pseudoLocale, messages, { namespace: 'json', pseudoLocale });
  if (errors.length) throw new Error(`The pseudo catalog does not compile: ${errors.map((e) => e.id).join(', ')}`);
  const accented = (JSON.parse(source) as { messages: Record<string, Compiled> }).messages;
  const lengthened = Object.fromEntries(Object.entries(accented).map(([id, message]) => [id, lengthen(message)]));
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(lengthened))});\n`;
}
