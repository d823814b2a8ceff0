import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import {
  $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { $isLinkNode, $toggleLink, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode, $getSelection, $isElementNode, $isRangeSelection, $isRootOrShadowRoot, $isTextNode,
  COMMAND_PRIORITY_LOW, FORMAT_TEXT_COMMAND, INDENT_CONTENT_COMMAND, OUTDENT_CONTENT_COMMAND,
  SELECTION_CHANGE_COMMAND, type ElementNode, type LexicalNode, type TextFormatType,
} from 'lexical';
import { LinkDialog } from './LinkDialog';

type BlockType = 'paragraph' | 'h1' | 'h2' | 'quote' | 'bullet' | 'number';

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  block: BlockType;
  link: string | null;
  indent: number;
}

const INITIAL: ToolbarState = { bold: false, italic: false, underline: false, strikethrough: false, block: 'paragraph', link: null, indent: 0 };

/** The top-level block of a node (the list for a list item). */
function $topBlock(node: LexicalNode): ElementNode | null {
  const top = node.getKey() === 'root' ? null : $findMatchingParent(node, (n) => {
    const parent = n.getParent();
    return parent !== null && $isRootOrShadowRoot(parent);
  });
  return top && $isElementNode(top) ? top : null;
}

/** What the selection has now: its text formats, block type, link and indent. */
function $readState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top = $topBlock(anchor);
  let block: BlockType = 'paragraph';
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    block = list.getListType() === 'number' ? 'number' : 'bullet';
  } else if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === 'h1' || tag === 'h2' ? tag : 'paragraph';
  } else if ($isQuoteNode(top)) {
    block = 'quote';
  }
  const linkNode = $findMatchingParent(anchor, $isLinkNode);
  const element = $isElementNode(anchor) ? anchor : anchor.getParent();
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    strikethrough: selection.hasFormat('strikethrough'),
    block,
    link: $isLinkNode(linkNode) ? linkNode.getURL() : null,
    indent: element && $isElementNode(element) ? element.getIndent() : 0,
  };
}

function ToolButton({ label, pressed, onClick, children, disabled }: { label: string; pressed?: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" aria-label={label} title={label} aria-pressed={pressed} disabled={disabled}
      // Keep the editor's selection: a mouse press on the button must not move focus out first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm font-semibold text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50 ${pressed ? 'bg-accent text-on-accent hover:bg-accent-strong' : ''}`}>
      {children}
    </button>
  );
}

const Svg = ({ children }: { children: ReactNode }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">{children}</svg>
);

/**
 * The description's toolbar (spec 2 §2): headers 1 and 2, bold, italic, underline, strike,
 * blockquote, ordered and bullet lists, indent (and outdent), link, clean. Toggles say whether
 * they are on (aria-pressed) for the text at the cursor.
 */
export function Toolbar() {
  const { t } = useLingui();
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(INITIAL);
  const [linkOpen, setLinkOpen] = useState(false);

  const refresh = useCallback(() => {
    const next = $readState();
    if (next) setState(next);
  }, []);

  useEffect(() => mergeRegister(
    editor.registerUpdateListener(({ editorState }) => editorState.read(refresh)),
    editor.registerCommand(SELECTION_CHANGE_COMMAND, () => {
      refresh();
      return false;
    }, COMMAND_PRIORITY_LOW),
  ), [editor, refresh]);

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  /** A block type on, or back to a paragraph when it is on already. */
  const block = (type: 'h1' | 'h2' | 'quote') => editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    if (state.block === type) $setBlocksType(selection, () => $createParagraphNode());
    else if (type === 'quote') $setBlocksType(selection, () => $createQuoteNode());
    else $setBlocksType(selection, () => $createHeadingNode(type));
  });

  const list = (type: 'bullet' | 'number') => {
    if (state.block === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'number' ? INSERT_ORDERED_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND, undefined);
  };

  /** Clean: the selected text loses its formats and links, its blocks become paragraphs. */
  const clean = () => editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    for (const node of selection.getNodes()) {
      if ($isTextNode(node)) {
        node.setFormat(0);
        node.setStyle('');
      }
    }
    selection.format = 0;
    $toggleLink(null);
    if (state.block === 'bullet' || state.block === 'number') editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    $setBlocksType(selection, () => $createParagraphNode());
    for (const node of selection.getNodes()) {
      const top = $topBlock(node);
      if (top) top.setIndent(0);
    }
  });

  const setLink = (url: string | null) => {
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, url === null ? null : { url, target: '_blank', rel: 'noopener noreferrer nofollow' });
    setLinkOpen(false);
  };

  return (
    <div role="toolbar" aria-label={t`Formatting`} className="flex flex-wrap gap-1 border-b border-border bg-surface p-1">
      <ToolButton label={t`Heading 1`} pressed={state.block === 'h1'} onClick={() => block('h1')}>H1</ToolButton>
      <ToolButton label={t`Heading 2`} pressed={state.block === 'h2'} onClick={() => block('h2')}>H2</ToolButton>
      <ToolButton label={t`Bold`} pressed={state.bold} onClick={() => format('bold')}><span className="font-bold">B</span></ToolButton>
      <ToolButton label={t`Italic`} pressed={state.italic} onClick={() => format('italic')}><span className="italic">I</span></ToolButton>
      <ToolButton label={t`Underline`} pressed={state.underline} onClick={() => format('underline')}><span className="underline">U</span></ToolButton>
      <ToolButton label={t`Strikethrough`} pressed={state.strikethrough} onClick={() => format('strikethrough')}><span className="line-through">S</span></ToolButton>
      <ToolButton label={t`Blockquote`} pressed={state.block === 'quote'} onClick={() => block('quote')}>
        <Svg><path d="M7 7h4v4H8a1 1 0 0 0-1 1v5M14 7h4v4h-3a1 1 0 0 0-1 1v5" /></Svg>
      </ToolButton>
      <ToolButton label={t`Ordered list`} pressed={state.block === 'number'} onClick={() => list('number')}>
        <Svg><path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" /></Svg>
      </ToolButton>
      <ToolButton label={t`Bullet list`} pressed={state.block === 'bullet'} onClick={() => list('bullet')}>
        <Svg><path d="M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01" /></Svg>
      </ToolButton>
      <ToolButton label={t`Indent`} pressed={state.indent > 0} onClick={() => editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)}>
        <Svg><path d="M3 8l4 4-4 4M11 6h10M11 12h10M11 18h10" /></Svg>
      </ToolButton>
      <ToolButton label={t`Outdent`} disabled={state.indent === 0} onClick={() => editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)}>
        <Svg><path d="M7 8l-4 4 4 4M11 6h10M11 12h10M11 18h10" /></Svg>
      </ToolButton>
      <ToolButton label={t`Link`} pressed={state.link !== null} onClick={() => setLinkOpen(true)}>
        <Svg><path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" /></Svg>
      </ToolButton>
      <ToolButton label={t`Clear formatting`} onClick={clean}>
        <Svg><path d="M4 7V4h16v3M9 20h6M12 4l-3 16M3 3l18 18" /></Svg>
      </ToolButton>
      {linkOpen && (
        <LinkDialog open initialUrl={state.link ?? 'https://'} onClose={() => setLinkOpen(false)} onSave={(url) => setLink(url)}
          onRemove={state.link !== null ? () => setLink(null) : undefined} />
      )}
    </div>
  );
}
