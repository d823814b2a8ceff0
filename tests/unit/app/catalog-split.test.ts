import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { compileCatalogPart, shellFiles } from '../../../scripts/catalog-split';
import { initI18n, loadRestOfCatalog, withCatalog } from '../../../src/app/i18n';
import { messages as enShell } from 'virtual:catalog/en/shell';
import { messages as enRest } from 'virtual:catalog/en/rest';
import { messages as noShell } from 'virtual:catalog/no/shell';
import { messages as noRest } from 'virtual:catalog/no/rest';
import { messages as svShell } from 'virtual:catalog/sv/shell';
import { messages as svRest } from 'virtual:catalog/sv/rest';
import { messages as enAll } from '../../../src/locales/en/messages.po';
import { messages as noAll } from '../../../src/locales/no/messages.po';
import { messages as svAll } from '../../../src/locales/sv/messages.po';

const root = process.cwd();

describe('the catalog split (scripts/catalog-split.ts)', () => {
  it('puts the shell, the home screen and what they open lazily in the shell, and no other screen', () => {
    const shell = shellFiles(root);
    for (const file of ['src/main.tsx', 'src/app/TopBar.tsx', 'src/features/home/HomePage.tsx', 'src/features/home/BeInspired.tsx',
      'src/app/sync/SyncStatus.tsx', 'src/app/sync/UnsentChangesDialog.tsx', 'src/app/UserMenu.tsx', 'src/app/LogoutDialog.tsx']) {
      expect(shell, file).toContain(file);
    }
    for (const file of ['src/features/auth/RegisterPage.tsx', 'src/features/listing/ListingPage.tsx', 'src/features/profile/ProfilePage.tsx']) {
      expect(shell, file).not.toContain(file);
    }
  });

  it.each([['en', enShell, enRest, enAll], ['no', noShell, noRest, noAll], ['sv', svShell, svRest, svAll]] as const)('%s: the two halves are disjoint and make the whole catalog', (_locale, shell, rest, all) => {
    const shellIds = Object.keys(shell);
    const restIds = Object.keys(rest);
    expect(shellIds.filter((id) => id in rest)).toEqual([]);
    expect([...shellIds, ...restIds].sort()).toEqual(Object.keys(all).sort());
    expect({ ...shell, ...rest }).toEqual(all);
    // The split is worth having: most messages belong to screens other than home.
    expect(shellIds.length).toBeLessThan(restIds.length);
  });

  it('compiles one half on its own as an ES module', async () => {
    const { code } = await compileCatalogPart(root, 'no', 'shell');
    expect(code).toMatch(/export const messages/);
  });
});

describe('loading the rest of the catalog (src/app/i18n.ts)', () => {
  const restId = Object.keys(enRest)[0]!;

  it('starts with the shell only; a screen loaded through withCatalog brings the rest', async () => {
    await initI18n('en');
    expect(i18n.messages[restId]).toBeUndefined();
    const screen = await withCatalog(async () => ({ default: 'screen' }))();
    expect(screen).toEqual({ default: 'screen' });
    expect(i18n.messages[restId]).toEqual(enRest[restId]);
    expect(i18n.messages[Object.keys(enShell)[0]!]).toBeDefined();
  });

  it('switching the language in place loads the new language’s rest when a screen had the old one', async () => {
    await initI18n('en');
    await loadRestOfCatalog();
    await initI18n('no');
    expect(i18n.locale).toBe('no');
    expect(i18n.messages[restId]).toEqual(noRest[restId]);
  });
});
