import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSiteSettings } from '../ui/siteSettings';
import { changeLocale, normalizeLocale } from './i18n';
import { paths } from '../config/paths';

/** Organisation number, contact e-mail, legal links and the language switch (the page reloads). */
export function Footer() {
  const { contactEmail, organisationNumber } = useSiteSettings();
  const { t, i18n } = useLingui();
  const locale = normalizeLocale(i18n.locale);
  // A choice made on a server-rendered page while React hydrates the select reaches the handler with
  // the select already back at the page's language: that change must not reload the page (it used
  // to reload it in the language it already had). Earlier choices are replayed (early-taps.ts).
  const choose = (value: string) => {
    const next = normalizeLocale(value);
    if (next !== locale) changeLocale(next);
  };
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-muted md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-1">
          <p><Trans>Org. no. {organisationNumber}</Trans></p>
          <p><Trans>Contact: <a className="text-accent underline" href={`mailto:${contactEmail}`}>{contactEmail}</a></Trans></p>
        </div>
        <nav aria-label={t`Legal`} className="flex gap-4">
          <Link href={paths.privacy.href()} className="text-accent underline"><Trans>Privacy Policy</Trans></Link>
          <Link href={paths.terms.href()} className="text-accent underline"><Trans>Terms and Conditions</Trans></Link>
        </nav>
        <div>
          <label htmlFor="language-switch" className="mr-2"><Trans>Language</Trans></label>
          <select id="language-switch" value={locale} onChange={(e) => choose(e.target.value)}
            className="rounded-md border border-border bg-bg px-2 py-1 text-fg" data-testid="language-switch">
            <option value="en" lang="en">English</option>
            <option value="no" lang="no">Norsk</option>
            <option value="sv" lang="sv">Svenska</option>
          </select>
        </div>
      </div>
    </footer>
  );
}
