/**
 * The API's paths. Every answer there is JSON: the not-found handler never
 * serves the web app under it (plugins/errors.ts), so it carries the JSON
 * answer's headers (plugins/security.ts), and only it looks up a session.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/');
}
