import { ImageOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type ProductImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt'> & { src: string; alt: string };

/** A product picture; a missing or broken image becomes a neutral placeholder with the same name. */
export function ProductImage({ src, alt, className, ...props }: ProductImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || brokenSrc === src) {
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
  return <img src={src} alt={alt} onError={() => setBrokenSrc(src)} className={className} {...props} />;
}
