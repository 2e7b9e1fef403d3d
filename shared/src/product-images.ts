/**
 * Narrower copies the server stores next to each upload as <id>-<width>.webp: a phone's card takes
 * the 240 or 480 one. Never enlarged: a small upload's copies keep its size.
 */
export const UPLOAD_VARIANT_WIDTHS = [240, 480, 960] as const;

const UPLOAD = /^\/uploads\/([\w-]+)\.webp$/;

/**
 * The srcset of an uploaded image: its narrower copies. The demo catalog's SVG drawings need none
 * (a vector is sharp at any size and smaller than any copy would be), and an outside URL has none.
 */
export function productImageSrcSet(src: string): string | undefined {
  const match = UPLOAD.exec(src);
  if (!match) return undefined;
  return UPLOAD_VARIANT_WIDTHS.map((w) => `/uploads/${match[1]}-${w}.webp ${w}w`).join(', ');
}

/** The product page's picture: as wide as a phone's screen, half a tablet's, 540 px on a desktop. */
export const DETAIL_IMAGE_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) 50vw, 100vw';
