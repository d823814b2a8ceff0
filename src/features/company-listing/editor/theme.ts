import type { EditorThemeClasses } from 'lexical';

/** Classes of the editor's nodes (the same look as the public page's description). */
export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: 'mb-2',
  heading: { h1: 'mb-3 text-2xl font-semibold', h2: 'mb-2 text-xl font-semibold' },
  quote: 'mb-3 border-l-4 border-border pl-4 text-muted',
  list: {
    ol: 'mb-3 list-decimal pl-6',
    ul: 'mb-3 list-disc pl-6',
    listitem: 'my-1',
    nested: { listitem: 'list-none' },
  },
  link: 'text-accent underline',
  text: {
    bold: 'font-bold',
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: 'underline line-through',
  },
};
