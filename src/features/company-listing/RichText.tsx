import { Suspense } from 'react';
import { lazyComponent } from '../../ui/lazyComponent';
import { Skeleton } from '../../ui/Skeleton';
import type { RichTextEditorProps } from './editor/RichTextEditor';

// Lexical and the editor are one chunk of their own, loaded only by this screen.
const RichTextEditor = lazyComponent(() => import('./editor/RichTextEditor'));

/** The rich-text description (editable or read-only), with a placeholder while Lexical loads. */
export function RichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton className="h-48 w-full" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
