/**
 * A small allow-list sanitizer for the listing description (rich text from the editor). The server
 * sanitizes on write; this is the second line of defence before `dangerouslySetInnerHTML`.
 * Allowed tags keep their text and no attributes except a safe `href` on links; unknown tags are
 * unwrapped (their text stays); script-like tags are dropped with their content.
 */

const ALLOWED = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'h1', 'h2', 'h3', 'h4',
  'blockquote', 'ol', 'ul', 'li', 'a', 'span', 'code', 'pre', 'hr',
]);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'title', 'head']);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, doc);
    }
    // comments and everything else are dropped
  }
}

function copyElement(element: Element, to: Node, doc: Document): void {
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return;
  if (!ALLOWED.has(tag)) {
    copyChildren(element, to, doc);
    return;
  }
  const clean = doc.createElement(tag);
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) {
      clean.setAttribute('href', href);
      clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  copyChildren(element, clean, doc);
  to.appendChild(clean);
}

/** The description HTML with only the allowed tags and attributes left. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const root = target.createElement('div');
  copyChildren(source.body, root, target);
  return root.innerHTML;
}
