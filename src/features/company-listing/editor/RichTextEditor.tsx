import { useEffect, useRef } from 'react';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { ListItemNode, ListNode } from '@lexical/list';
import { LinkNode } from '@lexical/link';
import type { LexicalEditor } from 'lexical';
import { isLinkUrl } from './LinkDialog';
import { $exportHtml, $importHtml } from './html';
import { EDITOR_THEME } from './theme';
import { Toolbar } from './Toolbar';

export interface RichTextEditorProps {
  /** The HTML the editor starts from (read once: remount with a new `key` to load another). */
  initialHtml: string;
  /** Each change, as HTML ('' when empty). */
  onChange?: (html: string) => void;
  /** False: the description shown read-only, without the toolbar. */
  editable?: boolean;
  /** The id of the visible label (the editable region is named by it). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The editor, for the caller to focus it (an error on the field). */
  editorRef?: (editor: LexicalEditor | null) => void;
}

/** Sends the content out as HTML on every change of the document (not on selection moves). */
function HtmlOut({ onChange }: { onChange: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, prevEditorState }) => {
    if ((dirtyElements.size === 0 && dirtyLeaves.size === 0) || prevEditorState.isEmpty()) return;
    editorState.read(() => latest.current($exportHtml(editor)));
  }), [editor]);
  return null;
}

function EditorRef({ onEditor }: { onEditor: (editor: LexicalEditor | null) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  return null;
}

/**
 * The listing's rich-text description (Lexical; this module and Lexical are one lazy chunk, loaded
 * only by the listing editor). HTML in and out through @lexical/html; the server sanitizes what
 * is saved to the same set of tags the toolbar makes.
 */
export default function RichTextEditor({ initialHtml, onChange, editable = true, labelledBy, describedBy, invalid, editorRef }: RichTextEditorProps) {
  const config = {
    namespace: 'listing-description',
    theme: EDITOR_THEME,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    editable,
    onError: (error: Error) => {
      throw error;
    },
    editorState: (editor: LexicalEditor) => $importHtml(editor, initialHtml),
  };
  return (
    <LexicalComposer initialConfig={config}>
      <div className={`overflow-hidden rounded-md ${editable ? 'border border-border bg-surface' : ''} ${invalid ? 'border-danger' : ''}`}>
        {editable && <Toolbar />}
        <div className="relative">
          <RichTextPlugin
            contentEditable={(
              <ContentEditable
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                aria-multiline
                role={editable ? 'textbox' : undefined}
                data-testid="listing-description-editor"
                className={`leading-relaxed text-fg outline-none ${editable ? 'min-h-48 px-3 py-2 focus-visible:ring-2 focus-visible:ring-accent' : ''}`}
              />
            )}
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isLinkUrl} />
      {onChange && <HtmlOut onChange={onChange} />}
      {editorRef && <EditorRef onEditor={editorRef} />}
    </LexicalComposer>
  );
}
