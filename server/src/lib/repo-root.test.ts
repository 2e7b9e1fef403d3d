import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from './repo-root.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('findRepoRoot', () => {
  it('finds the workspace root from the sources and from the built tools', () => {
    expect(findRepoRoot()).toBe(repoRoot);
    expect(findRepoRoot(path.join(repoRoot, 'server', 'dist', 'cli'))).toBe(repoRoot);
  });

  it('finds nothing outside the repository', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-no-repo-'));
    try {
      expect(findRepoRoot(dir)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
