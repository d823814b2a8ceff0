import { Image, type ImageProps } from './Image';
import { Skeleton } from './Skeleton';
import { useImageSource } from './useImageSource';

/**
 * `Image` for files that may still be only on this device (chosen offline, upload queued): those
 * show from their stored bytes, the rest through `Image` (sizes, srcset, the worker's cache).
 */
export function FileImage(props: ImageProps) {
  const { fileId, width, alt, aspectRatio = '4 / 3', className = '', 'data-testid': testId } = props;
  const source = useImageSource(fileId, width);
  if (!source.local && !source.pending) return <Image {...props} />;
  return (
    <div className={`relative overflow-hidden bg-surface-2 ${className}`} style={aspectRatio === null ? undefined : { aspectRatio }}
      data-testid={testId} data-state={source.src ? 'loaded' : 'loading'} data-local={source.local || undefined}>
      {source.src
        ? <img src={source.src} alt={alt} className="h-full w-full object-cover" />
        : <Skeleton className="absolute inset-0 rounded-none" />}
    </div>
  );
}
