import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus now: its role-ish tag and its name or text, for messages and comparisons. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 60) ?? '';
    return `${active.tagName.toLowerCase()} "${name}"`;
  });
}

/** Fails unless the focus is on an element whose text includes `text` (a region, a message). */
export async function expectFocusOnText(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return !active || active === document.body ? 'body' : (active.textContent ?? '');
        }),
      {
        message: `the focus is on "${text}"`,
      },
    )
    .toContain(text);
}

/**
 * True when the sticky top bar lies over the focused element: its top is above the bar's bottom.
 * The bar's own controls and fixed ones (the skip link) do not count.
 */
export function focusUnderTopBar(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const bar = document.querySelector('header');
    if (!(active instanceof HTMLElement) || active === document.body || !bar) return false;
    if (bar.contains(active) || getComputedStyle(active).position === 'fixed') return false;
    return active.getBoundingClientRect().top < bar.getBoundingClientRect().bottom - 0.5;
  });
}

/** The top and left of each locator's box, in the page: to compare a Tab order with the screen's. */
export async function positionsOf(locators: Locator[]) {
  const boxes = [];
  for (const locator of locators) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${String(locator)} has no box`);
    boxes.push({ top: Math.round(box.y), left: Math.round(box.x) });
  }
  return boxes;
}
