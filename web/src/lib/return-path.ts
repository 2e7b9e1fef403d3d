/** Pages that are no place to return to after a login. */
const NO_RETURN = /^\/(login|logout|signUp|forgotPass|resetPassword)?(\/|$)/;

/**
 * Where to go after logging in: `next` when it is a page of this shop (same origin, not the login
 * itself), else undefined. Anything else, such as `//evil.example`, `https://evil.example` or
 * `/\evil.example`, which browsers read as another site, is ignored.
 */
export function returnPath(next: string | null, origin: string): string | undefined {
  if (!next?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || NO_RETURN.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}
