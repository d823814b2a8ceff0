import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../../src/features/listing/sanitize';

describe('sanitizeHtml', () => {
  it('keeps the rich-text tags of the editor', () => {
    const html = '<h1>T</h1><h2>S</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><blockquote>q</blockquote><ol><li>1</li></ol><ul><li>2</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and unsafe links', () => {
    const out = sanitizeHtml('<p onclick="x()" style="color:red">a<script>alert(1)</script><img src=x onerror="y()"></p><a href="javascript:alert(1)">bad</a><object data="x.swf"></object><style>p{}</style>');
    expect(out).toBe('<p>a</p><a>bad</a>');
  });

  it('keeps safe links, opening in a new tab, and unwraps unknown tags', () => {
    expect(sanitizeHtml('<div><a href="https://example.com" class="x">ok</a></div>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
  });
});
