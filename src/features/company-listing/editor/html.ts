import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';

/**
 * Fills the editor from stored HTML (inside an update). Inline nodes at the top level are wrapped
 * in a paragraph: the root only holds blocks.
 */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (!html.trim()) {
    root.append($createParagraphNode());
    return;
  }
  const dom = new DOMParser().parseFromString(html, 'text/html');
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of $generateNodesFromDOM(editor, dom) as LexicalNode[]) {
    if ($isElementNode(node) && !node.isInline() || $isDecoratorNode(node)) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

/** The editor's content as HTML; '' when it holds no text (an empty paragraph is no description). */
export function $exportHtml(editor: LexicalEditor): string {
  if ($getRoot().getTextContent().trim() === '') return '';
  return $generateHtmlFromNodes(editor, null);
}
