import sanitizeHtml from 'sanitize-html';

/**
 * The listing description's HTML as the server stores it: an allow-list matching the editor's
 * toolbar (Lexical: H1, H2, bold, italic, underline, strike, blockquote, ordered and bullet
 * lists, indent, link, clean). Everything else (other tags, classes, ids, `dir`, event
 * handlers, other styles) is dropped by sanitize-html, a maintained parser-based sanitizer, so
 * what the public page renders with `dangerouslySetInnerHTML` can only be these elements.
 */

/** Block elements: the editor's indent and alignment live on them. */
const BLOCK_TAGS = ['p', 'h1', 'h2', 'blockquote', 'ol', 'ul', 'li'] as const;
/** Inline formatting: Lexical writes underline and strike as `<u>`/`<s>` or as a text-decoration style. */
const INLINE_TAGS = ['span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike'] as const;

/** Deepest indent the editor makes (Lexical steps of 40 px). */
const MAX_INDENT_LEVELS = 10;
const INDENT_STEP_PX = 40;

/** 0 to 400 px: the editor's indent levels 0–10 (any whole px in between is accepted too). */
const INDENT = /^(?:\d{1,2}|[1-3]\d{2}|400)px$/;
const ALIGN = /^(?:left|right|center|justify)$/;
const DECORATION = /^(?:underline|line-through|underline line-through|line-through underline)$/;

const blockStyles = { 'padding-inline-start': [INDENT], 'text-align': [ALIGN] };
const inlineStyles = { 'text-decoration': [DECORATION] };

/**
 * Styles per tag. sanitize-html keeps every declaration of a tag that has no entry here, so
 * `style` is allowed only on the tags listed, and `'*': {}` drops all declarations of any other.
 */
const ALLOWED_STYLES: Record<string, Record<string, RegExp[]>> = {
  '*': {},
  ...Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, blockStyles])),
  ...Object.fromEntries(INLINE_TAGS.map((tag) => [tag, inlineStyles])),
};

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  ...Object.fromEntries([...BLOCK_TAGS, ...INLINE_TAGS].map((tag) => [tag, ['style']])),
};

const LINK_SCHEMES = ['http', 'https', 'mailto'];
/** A link the public page may open: an absolute http(s) or mailto address (no relative, no other scheme). */
const LINK_HREF = /^(?:https?:\/\/|mailto:)/i;

/**
 * Lexical's HTML export writes an indent as `padding-inline-start: 80px`; its live DOM (and older
 * versions) as `calc(2 * 40px)` or `calc(2 * var(--lexical-indent-base-value, 40px))`. The stored
 * form is px only. Levels above the editor's maximum are left as they are and then dropped by the
 * style filter.
 */
const CALC_INDENT = /calc\(\s*(\d{1,2})\s*\*\s*(?:40px|var\(\s*--lexical-indent-base-value\s*,\s*40px\s*\))\s*\)/gi;
function normaliseIndent(style: string): string {
  return style.replace(CALC_INDENT, (whole, levels: string) =>
    Number(levels) <= MAX_INDENT_LEVELS ? `${Number(levels) * INDENT_STEP_PX}px` : whole);
}

const withIndentNormalised: sanitizeHtml.Transformer = (tagName, attribs) =>
  ({ tagName, attribs: attribs.style === undefined ? attribs : { ...attribs, style: normaliseIndent(attribs.style) } });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'ol', 'ul', 'li', 'a', 'span'],
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedStyles: ALLOWED_STYLES,
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { a: LINK_SCHEMES },
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Removed tags keep their text, except these, whose content is code or markup rather than prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'template', 'title', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    ...Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, withIndentNormalised])),
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      // The rel and target every stored link gets; an address of another kind is dropped here
      // (sanitize-html's own scheme check, which also decodes entities and control characters,
      // runs after this as the second line).
      // href, rel and target are a link's only attributes, so the others need not be carried over.
      return {
        tagName,
        attribs: { ...(href && LINK_HREF.test(href) ? { href } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' },
      };
    },
  },
};

/** The description as stored: only the toolbar's elements, links opened safely in a new tab. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
