/** The dashboard, where a shopper's list lives. */
export const LIST_PATH = '/userDashboard';

const STORAGE_KEY = 'shop:last-list';

/**
 * The product list as the shopper last left it (search, sort, category and page are its URL's
 * query), kept for this tab so a link back to the list restores it, even after a reload.
 */
export function rememberList(search: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, search);
  } catch {
    // Storage refused (some private modes): the link goes back to the list's first page.
  }
}

export function lastListUrl(): string {
  let search: string | null = null;
  try {
    search = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // As above.
  }
  // Only ever a query of the list's own path: whatever is stored cannot lead elsewhere.
  return search?.startsWith('?') ? LIST_PATH + search : LIST_PATH;
}
