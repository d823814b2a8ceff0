import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { $getRoot, $isElementNode, $isTextNode, type LexicalEditor, type LexicalNode } from 'lexical';
import RichTextEditor from '../../../../src/features/company-listing/editor/RichTextEditor';
import { renderAt } from '../auth/render';

/** Selects the whole text of the first block (as a user dragging over it would). */
function selectFirstBlock(editor: LexicalEditor) {
  act(() => {
    editor.update(() => {
      const first = $getRoot().getFirstChild();
      let text: LexicalNode | null = first;
      while (text && $isElementNode(text)) text = text.getFirstChild();
      if ($isTextNode(text)) text.select(0, text.getTextContentSize());
    }, { discrete: true });
  });
}

function setup(initialHtml = '<p>Hello world</p>') {
  let editor: LexicalEditor | null = null;
  const onChange = vi.fn<(html: string) => void>();
  renderAt(<RichTextEditor initialHtml={initialHtml} onChange={onChange} labelledBy="label" editorRef={(e) => {
    editor = e;
  }} />);
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  return { editor: () => editor!, onChange, last };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the description toolbar (spec 2 §2)', () => {
  it('has every button of the spec, named, the toggles with aria-pressed', () => {
    setup();
    for (const name of ['Heading 1', 'Heading 2', 'Bold', 'Italic', 'Underline', 'Strikethrough', 'Blockquote', 'Ordered list', 'Bullet list', 'Indent', 'Link']) {
      expect(button(name).getAttribute('aria-pressed'), name).toBe('false');
    }
    expect(button('Outdent')).toBeTruthy();
    expect(button('Clear formatting')).toBeTruthy();
  });

  it('loads the stored HTML', () => {
    setup('<h2>Title</h2><ul><li>one</li></ul>');
    const editable = screen.getByTestId('listing-description-editor');
    expect(editable.querySelector('h2')?.textContent).toBe('Title');
    expect(editable.querySelector('ul li')?.textContent).toBe('one');
  });

  it('bold, italic, underline and strike toggle on the selection and come out as HTML', async () => {
    const { editor, last } = setup();
    selectFirstBlock(editor());
    fireEvent.click(button('Bold'));
    await waitFor(() => expect(button('Bold').getAttribute('aria-pressed')).toBe('true'));
    expect(last()).toMatch(/<(b|strong)\b/);
    fireEvent.click(button('Italic'));
    fireEvent.click(button('Underline'));
    fireEvent.click(button('Strikethrough'));
    await waitFor(() => expect(button('Strikethrough').getAttribute('aria-pressed')).toBe('true'));
    expect(last()).toMatch(/<(i|em)\b/);
    expect(last()).toMatch(/<u\b/);
    expect(last()).toMatch(/<s\b/);
    fireEvent.click(button('Bold'));
    await waitFor(() => expect(button('Bold').getAttribute('aria-pressed')).toBe('false'));
  });

  it('headings, blockquote and lists change the block, and a second press turns it back', async () => {
    const { editor, last } = setup();
    selectFirstBlock(editor());
    fireEvent.click(button('Heading 1'));
    await waitFor(() => expect(last()).toMatch(/<h1\b/));
    expect(button('Heading 1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Heading 2'));
    await waitFor(() => expect(last()).toMatch(/<h2\b/));
    fireEvent.click(button('Heading 2'));
    await waitFor(() => expect(last()).toMatch(/^<p\b/));
    fireEvent.click(button('Blockquote'));
    await waitFor(() => expect(last()).toMatch(/<blockquote\b/));
    fireEvent.click(button('Blockquote'));
    // Each change is an editor update of its own: wait for it before selecting again.
    await waitFor(() => expect(last()).toMatch(/^<p\b/));
    selectFirstBlock(editor());
    fireEvent.click(button('Bullet list'));
    await waitFor(() => expect(last()).toMatch(/<ul\b/));
    await waitFor(() => expect(button('Bullet list').getAttribute('aria-pressed')).toBe('true'));
    selectFirstBlock(editor());
    fireEvent.click(button('Ordered list'));
    await waitFor(() => expect(last()).toMatch(/<ol\b/));
  });

  it('indent and outdent, and clean takes the formatting off', async () => {
    const { editor, last } = setup();
    selectFirstBlock(editor());
    fireEvent.click(button('Indent'));
    await waitFor(() => expect(button('Indent').getAttribute('aria-pressed')).toBe('true'));
    expect(last()).toMatch(/padding-inline-start|indent/);
    fireEvent.click(button('Outdent'));
    await waitFor(() => expect(button('Indent').getAttribute('aria-pressed')).toBe('false'));
    selectFirstBlock(editor());
    fireEvent.click(button('Heading 1'));
    fireEvent.click(button('Bold'));
    await waitFor(() => expect(last()).toMatch(/<h1\b.*<(b|strong)\b/));
    selectFirstBlock(editor());
    fireEvent.click(button('Clear formatting'));
    await waitFor(() => expect(last()).not.toMatch(/<(b|strong|h1)\b/));
    expect(last()).toContain('Hello world');
  });

  it('link asks for an http(s) address in a dialog and links the selection', async () => {
    const { editor, last } = setup();
    selectFirstBlock(editor());
    fireEvent.click(button('Link'));
    const address = await screen.findByLabelText('Address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an address starting with http:// or https://')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'https://example.org/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(last()).toMatch(/<a [^>]*href="https:\/\/example.org\/"/));
  });

  it('read-only shows the description without the toolbar', () => {
    renderAt(<RichTextEditor initialHtml="<p><b>Bold</b> text</p>" editable={false} labelledBy="x" />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByTestId('listing-description-editor').getAttribute('contenteditable')).toBe('false');
    expect(screen.getByText('Bold')).toBeTruthy();
  });
});
