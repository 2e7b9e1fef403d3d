/**
 * The shop's own pages (terms, privacy, refunds, shipping, contact): each at `/${slug}`, linked
 * from the footer of every page. The footer is plain HTML in web/index.html, so a title changed
 * here is changed there too (a test compares them).
 */
export const SHOP_PAGES = [
  { slug: 'terms', title: 'Terms of use' },
  { slug: 'privacy', title: 'Privacy policy' },
  { slug: 'refund-policy', title: 'Refund and cancellation policy' },
  { slug: 'shipping-policy', title: 'Shipping policy' },
  { slug: 'contact', title: 'Contact us' },
] as const;

export type ShopPageSlug = (typeof SHOP_PAGES)[number]['slug'];
export const SHOP_PAGE_SLUGS = SHOP_PAGES.map((p) => p.slug) as [ShopPageSlug, ...ShopPageSlug[]];

/** The most Markdown one page may hold. */
export const MAX_SHOP_PAGE_LENGTH = 20_000;

export function shopPageTitle(slug: ShopPageSlug): string {
  return SHOP_PAGES.find((p) => p.slug === slug)!.title;
}

/**
 * Texts of the shop's pages, admin roles and a customer's own data. Outside `messages`, whose
 * every entry each page's bundle carries: these load only with the pages that show them.
 */
export const ownMessages = {
  pageSaved: 'Page saved',
  pageNotFound: 'Page not found',
  pageLoadFailed: 'This page could not be loaded.',
  pagesLoadFailed: 'The pages could not be loaded.',
  pageTextRequired: 'Please write the page text',
  madeAdmin: (name: string) => `${name} is now an admin`,
  adminRemoved: (name: string) => `${name} is no longer an admin`,
  cannotChangeOwnRole: 'You cannot change your own admin role',
  cannotDemoteLastAdmin: 'The last admin cannot stop being an admin',
  confirmMakeAdmin: (name: string) =>
    `Make ${name} an admin? They will be able to manage users, products, orders and pages. They are logged out everywhere and log in again.`,
  confirmRemoveAdmin: (name: string) =>
    `Take admin rights from ${name}? They are logged out everywhere and log in again as a customer.`,
  passwordRequired: 'Please enter your password',
  passwordIncorrect: 'The password is incorrect',
  lastAdminCannotLeave: 'The last admin cannot delete their account. Make another user an admin first.',
  confirmDeleteAccount:
    'Delete your account? Your profile, cart and sessions are removed for good. Orders stay for the seller’s tax records without your name or contact; your reviews stay without your name.',
  accountDeleted: 'Your account has been deleted',
  /** The name shown instead of a deleted customer's on their orders and reviews. */
  deletedCustomer: 'Deleted customer',
} as const;
