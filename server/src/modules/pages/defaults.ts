import type { ShopPageSlug } from '@shop/shared';

/** Opens every default text: the owner must make each page the shop's own before selling. */
const EDIT_ME =
  '> **This is the shop’s default text. The shop owner must edit it** (Admin Panel → Pages) ' +
  'before selling: replace every part in [square brackets] and check that the rest is true for this shop.';

/**
 * The text a page shows until the admin saves their own. Plain Markdown; shown without raw HTML.
 * The privacy text says what the shop does with a customer's data and how to download or delete it
 * (modules/users/own-data.ts, delete-account.ts): change those and this text changes with them.
 */
export const DEFAULT_PAGE_TEXTS: Record<ShopPageSlug, string> = {
  terms: `${EDIT_ME}

These terms apply to every purchase from **[Seller's legal name]** ("we") through this website.

## Accounts
You need an account to buy. Keep your password to yourself; you are responsible for what is done with your account.

## Orders and prices
Prices are in Indian rupees and include the taxes shown at checkout. An order is accepted when the payment succeeds and you receive the order confirmation. If an item turns out to be unavailable after payment, we refund the full amount.

## Payments
Payments are processed by our payment provider. We never see or store your full card details.

## Reviews
Reviews must be honest and about the product. We may remove reviews that are abusive or unlawful.

## Complaints
See the [Contact us](/contact) page for customer care and our grievance officer.

## Law
These terms are governed by the laws of India; the courts at **[city]** have jurisdiction.
`,
  privacy: `${EDIT_ME}

**[Seller's legal name]** is the Data Fiduciary for the personal data you give this shop, under India's Digital Personal Data Protection Act, 2023.

## What we keep, and why
- **Your account:** name, email address and a one-way hash of your password, to let you log in.
- **Your orders:** the products, amounts, dates, and the name, email, phone and address you gave for delivery, to deliver them and for the tax records the law requires us to keep.
- **Your reviews:** rating, comment and the name shown with them.
- **Your cart,** until you order or remove the items.
- **Security records:** login sessions, password reset links and the network address a payment was started from, to keep accounts and payments safe.

We share delivery details with the courier and payment details with the payment provider, only as far as needed to complete your order. We do not sell your data.

## Your rights
- **Download your data:** on your Profile page, "Download my data" gives you your profile, orders, reviews and cart as a JSON file.
- **Delete your account:** on your Profile page, "Delete my account", with your current password. At once:
  - your account, your login sessions, your cart and any password reset links are deleted;
  - your orders stay, because tax law requires the seller to keep sales records (amounts, dates, products, town, pincode, state and country of delivery), but your name, email, phone and street address on them are replaced;
  - your reviews stay on the products, with the name "Deleted customer" instead of yours.
- **Correct your data:** change your name on your Profile page, or write to us.
- **Complaints:** write to our grievance officer (see [Contact us](/contact)). You may also complain to the Data Protection Board of India.

## Cookies
We use one cookie, to keep you logged in. No advertising or tracking cookies.

## Contact
**[Privacy contact email]**
`,
  'refund-policy': `${EDIT_ME}

## Cancelling an order
You can cancel an order before it is shipped: write to customer care (see [Contact us](/contact)) with your order id. We refund the full amount to the way you paid.

## Returns
You can return an item within **[7]** days of delivery if it is damaged, defective or not what you ordered. **[List any items that cannot be returned.]**

## Refunds
Refunds go back to the way you paid, within **[5–7]** working days of our approving them. Your bank may take a few more days to show the amount.

## Items sold out after payment
If an item sells out while you are paying, the whole payment is refunded automatically.
`,
  'shipping-policy': `${EDIT_ME}

## Where we deliver
We deliver to addresses in **[India / the listed states]**.

## When
Orders are shipped within **[2]** working days of payment and usually arrive within **[3–7]** working days after that. You see the courier and tracking number on your order once it ships.

## Cost
**[Shipping is free / Shipping costs ₹… per order]**.

## Problems
If a parcel is late, damaged or lost, write to customer care (see [Contact us](/contact)) with your order id.
`,
  contact: `${EDIT_ME}

## Seller
- **Legal name:** [Seller's legal name]
- **Address:** [Registered address, with pincode and state]
- **GSTIN:** [if registered]

## Customer care
- **Email:** [support@example.com]
- **Phone:** [+91 …], [days and hours]

## Grievance officer
Under the Consumer Protection (E-Commerce) Rules, 2020 we have appointed a grievance officer. We acknowledge a complaint within 48 hours and resolve it within one month.

- **Name:** [Name]
- **Designation:** [Designation]
- **Email:** [grievance@example.com]
- **Phone:** [+91 …]
`,
};
