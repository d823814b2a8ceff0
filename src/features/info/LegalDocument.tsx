import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

export interface LegalSection {
  /** Stable anchor id (English slug), used by the table of contents. */
  id: string;
  /** Section heading; rendered in the table of contents and as the section's h2. */
  title: ReactNode;
  content: ReactNode;
}

interface LegalDocumentProps {
  title: ReactNode;
  sections: readonly LegalSection[];
}

export const legalLinkClass =
  'text-accent underline underline-offset-2 hover:no-underline';

export const legalListClass = 'list-disc space-y-2 pl-6';

/** Shared layout of the legal pages: title, last-updated date, table of contents, numbered sections. */
export function LegalDocument({ title, sections }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 text-fg">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted">
        <Trans>Last updated: April 2, 2025</Trans>
      </p>

      <nav aria-labelledby="legal-contents-heading" className="mt-6 rounded-lg border border-border bg-surface p-4">
        <h2 id="legal-contents-heading" className="text-lg font-semibold">
          <Trans>Contents</Trans>
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={legalLinkClass}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="mt-10 scroll-mt-24">
          <h2 className="text-xl font-semibold">
            <span aria-hidden="true">{index + 1}. </span>
            {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed">{section.content}</div>
        </section>
      ))}
    </div>
  );
}
