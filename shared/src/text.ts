/**
 * Spaces and format characters (zero-width spaces, direction marks: Unicode's Cf) only.
 * trim() keeps the latter, yet a text made of them shows nothing at all.
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}]*$/u;

/**
 * Whether a text shows nothing: empty, or only spaces and invisible characters. Free of zod, so
 * the zod/mini twins (schemas/mini.ts) share it without the full library.
 */
export const isBlankText = (text: string) => INVISIBLE_ONLY.test(text);
