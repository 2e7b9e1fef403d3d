import { productImageSrcSet } from '@shop/shared';
import { ImageOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type ProductImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'width' | 'height' | 'loading'> & {
  src: string;
  alt: string;
  /** The intrinsic size: the box is reserved before the image arrives, so nothing shifts. */
  width: number;
  height: number;
  /** How wide the image is shown (the srcset's `sizes`); by default `width` CSS pixels. */
  sizes?: string;
  /** Above the fold (the product page's picture, the first row of cards): fetched at once, first. */
  priority?: boolean;
};

/**
 * A product picture, at the size it is shown and lazily loaded unless it is a
 * priority; a missing or broken image becomes a neutral placeholder with the
 * same name. An upload from before the copies existed falls back to its one file.
 */
export function ProductImage({ src, alt, className, sizes, priority = false, ...props }: ProductImageProps) {
  const [failed, setFailed] = useState<{ src: string; withSrcSet: boolean } | null>(null);
  const srcSet = productImageSrcSet(src);
  const useSrcSet = srcSet !== undefined && failed?.src !== src;
  if (!src || (failed?.src === src && !failed.withSrcSet)) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn('flex items-center justify-center', className)}
      >
        <ImageOff aria-hidden="true" className="size-12 text-slate-400" />
      </div>
    );
  }
  return (
    <img
      // A new key after a failed srcset: the browser tries the plain file afresh.
      key={useSrcSet ? 'srcset' : 'plain'}
      src={src}
      srcSet={useSrcSet ? srcSet : undefined}
      sizes={useSrcSet ? (sizes ?? `${props.width}px`) : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={() => setFailed({ src, withSrcSet: useSrcSet })}
      className={className}
      {...props}
    />
  );
}
