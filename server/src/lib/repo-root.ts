import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, where `npm start` runs the server: the nearest folder
 * above `from` whose package.json lists the server as a workspace. Found from
 * the code's own place (server/src, server/dist or server/dist/cli), so a tool
 * npm runs inside server/ finds the same root as the server. Undefined when
 * the code runs outside that layout.
 */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (listsServerWorkspace(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function listsServerWorkspace(file: string): boolean {
  try {
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { workspaces?: unknown };
    return Array.isArray(pkg.workspaces) && pkg.workspaces.includes('server');
  } catch {
    return false;
  }
}
