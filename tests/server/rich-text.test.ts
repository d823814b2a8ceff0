import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../server/modules/listings/rich-text';

/**
 * The listing description sanitizer against the OWASP XSS Filter Evasion Cheat Sheet's vectors
 * (and a few mutation-XSS ones), and the editor's own output, which must come through intact.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'h1', 'h2', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'ol', 'ul', 'li', 'a', 'span']);
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'blockquote', 'ol', 'ul', 'li']);
const INLINE_TAGS = new Set(['span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike']);

const decodeEntities = (s: string) => s
  .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
  .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
  .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&colon;/gi, ':').replace(/&amp;/g, '&');

/**
 * Every problem of a sanitized string: a tag or attribute outside the allow-list, a link to
 * another scheme, a style declaration other than the indent, alignment or decoration, or markup
 * left over that is not one of the allowed tags.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  // sanitize-html writes every attribute as name="value" with `"`, `<` and `>` escaped inside.
  const tag = /<(\/?)([a-zA-Z0-9]+)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g;
  const rest = html.replace(tag, (_whole, closing: string, rawName: string, attrs: string) => {
    const name = rawName.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
    if (closing && attrs.trim()) found.push(`attributes on </${name}>`);
    if (name === 'a' && !closing && !(/\srel="/.test(attrs) && /\starget="/.test(attrs))) found.push('link without rel and target');
    for (const [, attr = '', raw = ''] of attrs.matchAll(/\s+([^\s"'>/=]+)(?:="([^"]*)")?/g)) {
      const value = decodeEntities(raw);
      const allowed = name === 'a' ? ['href', 'rel', 'target'] : BLOCK_TAGS.has(name) || INLINE_TAGS.has(name) ? ['style'] : [];
      if (!allowed.includes(attr)) found.push(`attribute ${attr} on <${name}>`);
      if (/^on/i.test(attr)) found.push(`event handler ${attr}`);
      // Browsers skip whitespace and control characters inside a scheme, so the check does too.
      const squeezed = [...value].filter((c) => c.charCodeAt(0) > 0x20 && c.trim() !== '').join('');
      if (/(?:java|vb)script:|data:|expression\(|url\(/i.test(squeezed)) found.push(`active value ${attr}="${value}"`);
      if (attr === 'href' && !/^(?:https?:\/\/|mailto:)/i.test(value)) found.push(`href ${value}`);
      if (attr === 'rel' && value !== 'noopener noreferrer nofollow') found.push(`rel ${value}`);
      if (attr === 'target' && value !== '_blank') found.push(`target ${value}`);
      if (attr === 'style') {
        for (const declaration of value.split(';').filter(Boolean)) {
          const ok = BLOCK_TAGS.has(name)
            ? /^padding-inline-start:(?:\d{1,3})px$|^text-align:(?:left|right|center|justify)$/.test(declaration)
            : /^text-decoration:(?:underline|line-through|underline line-through|line-through underline)$/.test(declaration);
          if (!ok) found.push(`style ${declaration} on <${name}>`);
        }
      }
    }
    return '';
  });
  if (rest.includes('<')) found.push(`markup left: ${rest}`);
  if (/<script/i.test(html)) found.push('<script');
  return found;
}

/** OWASP XSS Filter Evasion Cheat Sheet vectors (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html) and mXSS ones. */
const VECTORS: string[] = [
  `<script>alert('XSS')</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>`,
  `<SCRIPT/SRC="http://xss.example/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.example/xss.js?< B >`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<a href="javascript:alert('XSS')">plain</a>`,
  `<a href="JaVaScRiPt:alert('XSS')">mixed case</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">decimal</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">long decimal</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">hex</a>`,
  `<a href="jav\tascript:alert('XSS');">embedded tab</a>`,
  `<a href="jav&#x09;ascript:alert('XSS');">encoded tab</a>`,
  `<a href="jav&#x0A;ascript:alert('XSS');">encoded newline</a>`,
  `<a href="jav&#x0D;ascript:alert('XSS');">encoded carriage return</a>`,
  `<a href=" &#14;  javascript:alert('XSS');">spaces and meta characters</a>`,
  `<a href="java&#0000115;cript:alert(1)">zero padded</a>`,
  `<a href="javascript&colon;alert(1)">named colon</a>`,
  `<a href="&#x6a;avascript&#x3a;alert(1)">mixed entities</a>`,
  `<a href=" javascript:alert(1)">leading space</a>`,
  `<a href="vbscript:msgbox('XSS')">vbscript</a>`,
  `<a href="VbScRiPt:msgbox(1)">vbscript mixed case</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data uri</a>`,
  `<a href="DATA:text/html,<script>alert(1)</script>">data upper case</a>`,
  `<a href="//xss.example/">protocol relative</a>`,
  `<a href="\\\\xss.example">backslashes</a>`,
  `<a href="/relative/path">relative</a>`,
  `<a href="https://ok.example" onfocus="alert(1)" autofocus>handler beside a good href</a>`,
  `<a href="https://example.org/&quot;onmouseover=&quot;alert(1)">quote breakout</a>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<p style="background-image: url(javascript:alert('XSS'))">background</p>`,
  `<p STYLE="xss:expression(alert('XSS'))">expression</p>`,
  `<span style="width: expression(alert('XSS'));">expression on a span</span>`,
  `<p style="padding-inline-start: expression(alert(1))">indent expression</p>`,
  `<p style="text-align: center; behavior: url(xss.htc)">behavior</p>`,
  `<p style="padding-inline-start: calc(99 * 40px)">too deep</p>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<iframe src=http://xss.example/scriptlet.html <`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<math href="javascript:alert(1)">CLICK</math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<!--<script>alert(1)</script>-->`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  `<base href="javascript:alert('XSS');//">`,
  `<form><button formaction="javascript:alert(1)">X</button></form>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `<p>text</p><script>/*</script><script>*/alert(1)</script>`,
  `<p onclick="alert(1)" class="x" id="y" data-x="1">clicky</p>`,
  `<template><script>alert(1)</script></template>`,
  `<textarea></textarea><script>alert(1)</script>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<p/onmouseover=alert(1)>slash separator</p>`,
  `<strong onmouseover="alert(1)" style="color:red">bold handler</strong>`,
  `<span style="text-decoration: underline; position: fixed; top: 0">overlay</span>`,
];

describe('sanitizeDescription against XSS vectors', () => {
  it('has a real list, each vector of which the checker flags before sanitizing', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
    const unflagged = VECTORS.filter((v) => problems(v).length === 0 && !/<script|<iframe|<svg|<math|<img/i.test(v));
    expect(unflagged).toEqual([]);
  });

  it.each(VECTORS.map((v, i) => [i + 1, v] as const))('vector %i leaves nothing active', (_n, vector) => {
    const out = sanitizeDescription(vector);
    expect(problems(out), `${vector}\n→ ${out}`).toEqual([]);
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<svg|<math|<img|<style|<link|<meta|<base|<form|<input|<body|<template/i);
    // Stable: sanitizing the answer again changes nothing (no markup that parses differently a second time).
    expect(sanitizeDescription(out)).toBe(out);
  });

  it('drops bad links but keeps their text, and gives every kept link rel and target', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">click me</a>')).toBe('<a rel="noopener noreferrer nofollow" target="_blank">click me</a>');
    expect(sanitizeDescription('<a href="https://ok.example/x?a=1&amp;b=2" target="_self" rel="opener">ok</a>'))
      .toBe('<a href="https://ok.example/x?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(sanitizeDescription('<a href="mailto:post@firma.no">mail</a>'))
      .toBe('<a href="mailto:post@firma.no" rel="noopener noreferrer nofollow" target="_blank">mail</a>');
    expect(sanitizeDescription('<a href="HTTP://EXAMPLE.ORG">upper</a>'))
      .toBe('<a href="HTTP://EXAMPLE.ORG" rel="noopener noreferrer nofollow" target="_blank">upper</a>');
  });

  it('removes script and style content, keeps the text of other removed tags', () => {
    expect(sanitizeDescription('<p>a<script>evil()</script>b<style>p{}</style>c</p>')).toBe('<p>abc</p>');
    expect(sanitizeDescription('<div><table><tr><td>cell</td></tr></table></div>')).toBe('cell');
    expect(sanitizeDescription('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
  });
});

describe('sanitizeDescription keeps what the editor writes', () => {
  it('keeps the toolbar\'s elements of a Lexical export, without classes, dir and white-space', () => {
    const lexical = [
      '<h1 class="editor-heading-h1" dir="ltr"><span style="white-space: pre-wrap;">Wedding photos</span></h1>',
      '<h2 class="editor-heading-h2" dir="ltr"><span style="white-space: pre-wrap;">Packages</span></h2>',
      '<p class="editor-paragraph" dir="ltr"><b><strong class="editor-text-bold" style="white-space: pre-wrap;">Bold</strong></b>',
      '<span style="white-space: pre-wrap;"> and </span><i><em class="editor-text-italic" style="white-space: pre-wrap;">italic</em></i>',
      '<span style="white-space: pre-wrap;">, </span><u><span class="editor-text-underline" style="white-space: pre-wrap;">underlined</span></u>',
      '<span style="white-space: pre-wrap;">, </span><s><span class="editor-text-strikethrough" style="white-space: pre-wrap;">struck</span></s></p>',
      '<blockquote class="editor-quote" dir="ltr"><span style="white-space: pre-wrap;">Best day ever</span></blockquote>',
      '<ol class="editor-list-ol"><li value="1" class="editor-listitem" dir="ltr"><span style="white-space: pre-wrap;">One</span></li>',
      '<li value="2" class="editor-nested-listitem"><ol class="editor-list-ol"><li value="1" class="editor-listitem" dir="ltr"><span style="white-space: pre-wrap;">One a</span></li></ol></li></ol>',
      '<ul class="editor-list-ul"><li value="1" class="editor-listitem" dir="ltr"><span style="white-space: pre-wrap;">Bullet</span></li></ul>',
      '<p class="editor-paragraph" dir="ltr" style="padding-inline-start: 80px;" data-lexical-indent="2"><span style="white-space: pre-wrap;">Indented twice</span></p>',
      '<p class="editor-paragraph" dir="ltr" style="text-align: center;"><span style="white-space: pre-wrap;">Centred</span></p>',
      '<p class="editor-paragraph" dir="ltr"><a href="https://firma.no/priser" rel="noreferrer" class="editor-link"><span style="white-space: pre-wrap;">Prices</span></a></p>',
      '<p class="editor-paragraph"><br></p>',
    ].join('');
    expect(sanitizeDescription(lexical)).toBe([
      '<h1><span>Wedding photos</span></h1>',
      '<h2><span>Packages</span></h2>',
      '<p><b><strong>Bold</strong></b><span> and </span><i><em>italic</em></i><span>, </span><u><span>underlined</span></u>',
      '<span>, </span><s><span>struck</span></s></p>',
      '<blockquote><span>Best day ever</span></blockquote>',
      '<ol><li><span>One</span></li><li><ol><li><span>One a</span></li></ol></li></ol>',
      '<ul><li><span>Bullet</span></li></ul>',
      '<p style="padding-inline-start:80px"><span>Indented twice</span></p>',
      '<p style="text-align:center"><span>Centred</span></p>',
      '<p><a href="https://firma.no/priser" rel="noopener noreferrer nofollow" target="_blank"><span>Prices</span></a></p>',
      '<p><br /></p>',
    ].join(''));
  });

  it('accepts every indent form up to 10 levels and stores it in px', () => {
    expect(sanitizeDescription('<p style="padding-inline-start: calc(2 * 40px)">a</p>')).toBe('<p style="padding-inline-start:80px">a</p>');
    expect(sanitizeDescription('<li style="padding-inline-start: calc(3 * var(--lexical-indent-base-value, 40px))">a</li>'))
      .toBe('<li style="padding-inline-start:120px">a</li>');
    expect(sanitizeDescription('<h2 style="padding-inline-start: calc(10 * 40px); text-align: right">a</h2>'))
      .toBe('<h2 style="padding-inline-start:400px;text-align:right">a</h2>');
    expect(sanitizeDescription('<p style="padding-inline-start: calc(11 * 40px)">a</p>')).toBe('<p>a</p>');
    expect(sanitizeDescription('<p style="padding-inline-start: 440px">a</p>')).toBe('<p>a</p>');
    expect(sanitizeDescription('<p style="padding-inline-start: -40px">a</p>')).toBe('<p>a</p>');
    expect(sanitizeDescription('<p style="text-align: justify">a</p>')).toBe('<p style="text-align:justify">a</p>');
  });

  it('keeps underline and strike written as text-decoration, and nothing else of a style', () => {
    expect(sanitizeDescription('<span style="text-decoration: underline; white-space: pre-wrap;">u</span>'))
      .toBe('<span style="text-decoration:underline">u</span>');
    expect(sanitizeDescription('<span style="text-decoration: underline line-through">us</span>'))
      .toBe('<span style="text-decoration:underline line-through">us</span>');
    expect(sanitizeDescription('<span style="text-decoration: blink">b</span>')).toBe('<span>b</span>');
    // The indent and the alignment are block styles, the decoration an inline one.
    expect(sanitizeDescription('<span style="padding-inline-start: 40px">x</span><p style="text-decoration: underline">y</p>'))
      .toBe('<span>x</span><p>y</p>');
  });
});
