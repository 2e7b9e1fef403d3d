import fs from 'node:fs';
import { SHOP_PAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';

const indexHtml = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

describe('the footer of every page', () => {
  it("links each of the shop's pages by its title", () => {
    const links = [...indexHtml.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>\s*([^<]+?)\s*<\/a\s*>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual(SHOP_PAGES.map((p) => [`/${p.slug}`, p.title]));
  });
});
