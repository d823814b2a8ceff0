import type { Page } from 'playwright-core';

/** One piece of text that does not fit the box it is in. */
export interface Overflow {
  /** clipped: cut off by its own overflow hidden/clip or ellipsis; container / viewport: drawn past that edge. */
  kind: 'clipped' | 'container' | 'viewport';
  selector: string;
  text: string;
  /** How many pixels do not fit. */
  by: number;
}

/**
 * The text on the page that overflows its box horizontally (the layout QA the pseudo-locale is
 * for, tests/e2e/pseudo-locale.test.ts):
 *
 * - An element with overflow hidden/clip or an ellipsis whose content is wider than it
 *   (scrollWidth > clientWidth + 1) and whose text is interface text (it holds pseudo-locale
 *   characters). Names, e-mails and descriptions users wrote are truncated on purpose (truncate,
 *   line-clamp, often with a title) and do not get longer in another language, so clipping those
 *   is not a failure; clipping a label is, with or without a title.
 * - A text node drawn past the edge of its nearest block container, or past the viewport's.
 *
 * Ignored: what is inside a horizontal scroll container (overflow-x auto/scroll: tables and rails
 * scroll on purpose), visually hidden text (sr-only: 1 px boxes that clip), and what is not visible.
 */
export function findOverflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const TOLERANCE = 1;
    // Lingui's pseudolocalization maps ASCII letters to Latin Extended-A/Additional; '~' is its padding.
    const PSEUDO_TEXT = /[\u0100-\u024F\u1E00-\u1EFF~]/;
    const found: { kind: 'clipped' | 'container' | 'viewport'; selector: string; text: string; by: number }[] = [];
    const viewportWidth = document.documentElement.clientWidth;

    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const testId = node.getAttribute('data-testid');
        const classes = [...node.classList].slice(0, 3).map((c) => `.${CSS.escape(c)}`).join('');
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${CSS.escape(node.id)}` : ''}${testId ? `[data-testid="${testId}"]` : ''}${classes}`);
        if (node.id || testId) break;
      }
      return parts.join(' > ');
    };
    const snippet = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);
    const isScroller = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
    const clips = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';
    const visuallyHidden = (el: Element, style: CSSStyleDeclaration) =>
      clips(style) && (el.clientWidth <= 1 || el.clientHeight <= 1);

    /** Elements to leave alone with everything inside them. */
    const skipped = new Set<Element>();
    const isSkipped = (el: Element | null): boolean => {
      for (let node = el; node; node = node.parentElement) if (skipped.has(node)) return true;
      return false;
    };

    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (isScroller(style) || visuallyHidden(el, style) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        skipped.add(el);
        continue;
      }
      const cutOff = clips(style) || style.textOverflow === 'ellipsis';
      const text = el.textContent ?? '';
      if (cutOff && el.scrollWidth > el.clientWidth + TOLERANCE && PSEUDO_TEXT.test(text) && !isSkipped(el)) {
        found.push({ kind: 'clipped', selector: describe(el), text: snippet(text), by: el.scrollWidth - el.clientWidth });
      }
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!text.trim() || !parent || isSkipped(parent) || parent.closest('script, style, noscript, template')) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      // Up to the nearest block container; text cut off on the way (truncate) is the clipped check's to judge.
      let block: Element = parent;
      let clipped = clips(getComputedStyle(block));
      while (!clipped && block.parentElement && getComputedStyle(block).display.startsWith('inline')) {
        block = block.parentElement;
        clipped = clips(getComputedStyle(block));
      }
      if (clipped) continue;
      const box = block.getBoundingClientRect();
      const past = Math.max(right - box.right, box.left - left);
      if (past > TOLERANCE) {
        found.push({ kind: 'container', selector: describe(block), text: snippet(text), by: Math.round(past) });
        continue;
      }
      const pastViewport = Math.max(right - viewportWidth, -left);
      if (pastViewport > TOLERANCE) found.push({ kind: 'viewport', selector: describe(parent), text: snippet(text), by: Math.round(pastViewport) });
    }
    return found;
  });
}

/** One line per overflow, for a failure message. */
export function formatOverflows(overflows: readonly Overflow[]): string {
  return overflows.map((o) => `${o.kind} by ${o.by}px: ${o.selector} "${o.text}"`).join('\n');
}
