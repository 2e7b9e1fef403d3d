export const MIN_PASSWORD_LENGTH = 6;
/** argon2 work grows with input; a bound keeps a huge password from becoming a DoS. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_COMMENT_LENGTH = 1000;
/**
 * A product page shows this many of the latest reviews (spec section 2: "a list
 * of latest reviews"); `numReviews` counts them all. A popular product's
 * thousands of reviews would make every view of it slow and large.
 */
export const REVIEWS_ON_PRODUCT_PAGE = 50;
export const MAX_PAGE_SIZE = 100;
/** The last page number a paged list may be asked for. */
export const MAX_PAGE_NUMBER = 100_000;
export const DEFAULT_PAGE_SIZE = 24;
/** A page of an admin list (users, products, orders) when the ask names no limit. */
export const ADMIN_PAGE_SIZE = 50;
/**
 * An admin list asked for without page or limit answers at most this many
 * rows, the first in its order; X-Total-Count says how many there are. A
 * growing shop's whole order history in one answer would exhaust the server.
 */
export const MAX_UNPAGED_ADMIN_ROWS = 10_000;
/** The response header of an admin list: how many match across all its pages. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * GET /api/get-products without page or limit answers the whole list, as the
 * spec's client asks for it, up to this many (the first, in the asked order;
 * `total` says how many match). A whole large catalog in one answer is slow,
 * and a few at once would exhaust the server's memory.
 */
export const MAX_UNPAGED_PRODUCTS = 1000;
export const MAX_CART_QUANTITY = 1000;
/**
 * Different products a cart may hold. Without a bound, a checkout's statements
 * grow with the cart until the database refuses them (SQLite takes at most
 * 32,766 values in one statement, about 1,600 order lines) after the payment
 * was taken; and every cart answer carries every line.
 */
export const MAX_CART_LINES = 100;

export const CATEGORIES = ['electronics', 'fashion', 'mobiles', 'games'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  electronics: 'Electronics',
  fashion: 'Fashion',
  mobiles: 'Mobiles',
  games: 'Games',
};

export const SORT_OPTIONS = ['popular', 'htl', 'lth'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SORT_LABELS: Record<SortOption, string> = {
  popular: 'Popular',
  htl: 'High to Low',
  lth: 'Low to High',
};

/** Section 9: product name display cuts. */
export const NAME_CUT = { dashboard: 25, cart: 40, orderSummary: 20, adminList: 50 } as const;
/** Section 9: at or below this width the cart is stacked. */
export const NARROW_WIDTH = 600;
/** Section 9: toasts close after this many milliseconds. */
export const TOAST_DURATION_MS = 5000;

/** Client storage keys (section 3). */
export const STORAGE_KEYS = {
  loggedIn: 'isLoggedIn',
  admin: 'isAdmin',
  userName: 'userName',
  cartQuantity: 'cartQuantity',
} as const;

export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * The header that carries a refused body's field-level issues, URI-encoded
 * JSON of ApiIssue[] (decisions/0024). Here, not beside the schemas, so the
 * web app's API client reads it without loading zod.
 */
export const ERROR_ISSUES_HEADER = 'x-error-issues';
