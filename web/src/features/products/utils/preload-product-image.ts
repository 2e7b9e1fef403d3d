import { productImageSrcSet } from '@shop/shared';

/**
 * Starts fetching a picture the page is about to show, as its <img> will ask for it (the same
 * srcset and sizes): the download runs while React renders the page rather than after.
 */
export function preloadProductImage(src: string, sizes: string): void {
  if (!src) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  const srcSet = productImageSrcSet(src);
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  link.onload = link.onerror = () => link.remove();
  document.head.append(link);
}
