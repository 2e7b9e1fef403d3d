import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('README points only at files inside the repository, and they exist', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const targets = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!.split('#')[0]!);
  // Paths named in code spans (`./data/shop.db`); `/api` and `/login` are the shop's URLs.
  const codePaths = [...readme.matchAll(/`(\.{1,2}\/[^`\s]*)`/g)].map((m) => m[1]!);
  for (const target of [...targets, ...codePaths]) {
    expect(target, target).not.toMatch(/^[a-z]+:/i);
    expect(path.resolve(repoRoot, target).startsWith(repoRoot + path.sep), target).toBe(true);
  }
  for (const target of targets) expect(fs.existsSync(path.join(repoRoot, target)), target).toBe(true);
});
