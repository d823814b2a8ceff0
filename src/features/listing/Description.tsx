import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useHydrated } from '../../ui/ssr-data';
import { sanitizeHtml } from './sanitize';

/** Lines shown before 'Show More' (spec 2 §9): the `line-clamp-15` class below. */
export const DESCRIPTION_LINES = 15;

const RICH_TEXT = [
  '[&_p]:mb-3 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:font-semibold [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:mb-3 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted',
  '[&_a]:text-accent [&_a]:underline [&>*:last-child]:mb-0',
].join(' ');

/**
 * The rich-text description, sanitized, clamped to 15 lines with Show More / Show Less, offered
 * only when the text is longer than that.
 */
export function Description({ html }: { html: string }) {
  // The sanitizer needs the browser's DOM. A server-rendered page carries the description the
  // server sanitized (server/ssr); hydration keeps that markup (React sets no HTML while
  // hydrating), and the next render puts this second line of defence's output in its place.
  const hydrated = useHydrated();
  const clean = useMemo(() => (hydrated ? sanitizeHtml(html) : html), [html, hydrated]);
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [clean, expanded]);

  return (
    <div>
      <div
        ref={ref}
        id="listing-description"
        data-testid="listing-description"
        data-clamped={!expanded || undefined}
        // The clamp is a class, not a style attribute: server-rendered markup may carry no inline style (CSP).
        className={`leading-relaxed text-fg ${RICH_TEXT} ${expanded ? '' : 'line-clamp-15'}`}
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {(overflows || expanded) && (
        <button type="button" aria-expanded={expanded} aria-controls="listing-description" onClick={() => setExpanded((v) => !v)}
          className="mt-2 font-semibold text-accent hover:underline">
          {expanded ? <Trans>Show Less</Trans> : <Trans>Show More</Trans>}
        </button>
      )}
    </div>
  );
}
