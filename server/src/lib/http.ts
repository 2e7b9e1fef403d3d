/** The methods that change state: the ones the Origin check guards, and the ones a write mark follows. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every cookie the shop sets: for the whole site, out of scripts' reach, not
 * sent on cross-site posts, and only over https when the shop is served on it.
 */
export function shopCookie(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
}
