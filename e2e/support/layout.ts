import type { Locator, Page } from '@playwright/test';

/** Sets the viewport's width and waits until the page has laid itself out (and re-rendered) at it. */
export async function resizeTo(page: Page, width: number, height = 800) {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** How far the page itself scrolls sideways (0 when it does not). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * The names of the controls that a shopper cannot see without scrolling sideways: outside the
 * viewport's width, or cut off by a box around them that scrolls or clips. The page is not
 * scrolled meanwhile; the vertical position does not count.
 */
export function hiddenControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) => {
    const hidden: string[] = [];
    for (const element of elements) {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
      let cut = box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
      for (let outer = element.parentElement; outer && !cut; outer = outer.parentElement) {
        if (getComputedStyle(outer).overflowX === 'visible') continue;
        const clip = outer.getBoundingClientRect();
        cut = box.left < clip.left - 0.5 || box.right > clip.right + 0.5;
      }
      if (cut) hidden.push(name);
    }
    return hidden;
  });
}

/** The names of the controls that something else (a toast, say) lies over at their centre. */
export function coveredControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !top || !element.contains(top);
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName),
  );
}
