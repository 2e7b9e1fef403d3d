import type { OrderStatus, RefundStatus } from '@shop/shared';
import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 text in UTC (the same
 * on both databases and ordered as strings); booleans are 0/1 integers; money
 * is integer paise.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie value: a stolen table does not give working cookies. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  user_id: string;
  token_hash: string;
  expires_at: string;
}

export interface ProductsTable {
  id: string;
  name: string;
  category: string;
  price_paise: number;
  count_in_stock: number;
  image: string;
  description: string;
  rating: Generated<number>;
  num_reviews: Generated<number>;
  /** lower-cased name, kept by the app, for case-insensitive search. */
  name_search: string;
  created_at: string;
  /** HSN code and GST rate in percent (migration 0020); null until the owner sets them. */
  hsn_code: Generated<string | null>;
  gst_rate: Generated<number | null>;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  /** The author's name when they last wrote it. */
  user_name: string;
  rating: number;
  comment: string;
  created_at: string;
  updated_at: string;
}

export interface CartLinesTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
}

export type CheckoutStatus = 'pending' | 'paid' | 'released' | 'refund_due';

export interface CheckoutsTable {
  id: string;
  user_id: string;
  status: CheckoutStatus;
  provider: 'razorpay' | 'test';
  provider_order_id: string | null;
  amount_paise: number;
  currency: string;
  /**
   * The shipping form as JSON, validated before it was stored; the JSON `null`
   * until the customer sends it (the spec's client sends it with cartDetail).
   */
  shipping: string;
  payment_id: string | null;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
  /** Where it was started from: an IPv4 address or an IPv6 /64 (migration 0017). */
  client_address: Generated<string>;
  /** How it was paid (card, upi, ...), as the provider said; null before migration 0018. */
  payment_method: Generated<string | null>;
}

export interface CheckoutLinesTable {
  checkout_id: string;
  product_id: string;
  name: string;
  image: string;
  price_paise: number;
  quantity: number;
}

export interface OrdersTable {
  id: string;
  checkout_id: string;
  user_id: string;
  product_id: string;
  name: string;
  image: string;
  price_paise: number;
  quantity: number;
  amount_paise: number;
  recipient_name: string;
  recipient_email: string;
  recipient_phone: string;
  street_address: string;
  town: string;
  pincode: string;
  state: string;
  country: string;
  provider_order_id: string;
  transaction_id: string;
  is_delivered: Generated<number>;
  created_at: string;
  status: Generated<OrderStatus>;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  cancel_reason: string | null;
  /** The tax worked out of the line's price at the sale (migration 0020); null when GST was off. */
  hsn_code: Generated<string | null>;
  gst_rate: Generated<number | null>;
  taxable_paise: Generated<number | null>;
  cgst_paise: Generated<number | null>;
  sgst_paise: Generated<number | null>;
  igst_paise: Generated<number | null>;
}

/** A tax invoice or credit note as issued (migration 0020, modules/gst). */
export interface TaxDocumentsTable {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  subject: string;
  checkout_id: string;
  order_id: string | null;
  invoice_id: string | null;
  financial_year: string;
  sequence: number;
  issued_at: string;
  issue_date: string;
  seller: string;
  place_of_supply_code: string;
  intra_state: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** The last number given per kind of document and financial year. */
export interface DocumentCountersTable {
  kind: string;
  financial_year: string;
  last_number: number;
}

/** One move of an order's status (migration 0018). */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  status: OrderStatus;
  actor: string;
  note: string;
  created_at: string;
}

/** One refund request to the payment provider (modules/refunds). */
export interface RefundsTable {
  id: string;
  checkout_id: string;
  order_id: string | null;
  payment_id: string;
  amount_paise: number;
  status: RefundStatus;
  idempotency_key: string;
  provider_refund_id: string | null;
  failure_reason: string | null;
  reason: string;
  attempts: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The built-in test gateway's refunds, one per idempotency key. */
export interface TestGatewayRefundsTable {
  id: string;
  payment_id: string;
  amount_paise: number;
  idempotency_key: string;
  notes: string;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  received_at: string;
}

/** The built-in test gateway's record of the payments it took (modules/payments/test-gateway.ts). */
export interface TestGatewayPaymentsTable {
  id: string;
  provider_order_id: string;
  amount_paise: number;
  currency: string;
  status: 'captured';
  created_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  details: string;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  /** The HTML part, when the mail has one (migration 0018). */
  html: Generated<string | null>;
  /** A tax document to attach, 'tax-document:<id>' (migration 0020), rendered when sent. */
  attachment: Generated<string | null>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A shop page as the admin wrote it (migration 0021); without a row, its default text. */
export interface ShopPagesTable {
  slug: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

/** The owner's settings (modules/settings), as text (migration 0019). */
export interface ShopSettingsTable {
  key: string;
  value: string;
}

/** A product's own low-stock threshold (null: the shop's default) and when it was reported low. */
export interface ProductLowStockTable {
  product_id: string;
  threshold: number | null;
  reported_at: string | null;
}

/** One row per day the low-stock mail check ran (its key lets one instance run it). */
export interface LowStockMailDaysTable {
  day: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  cart_lines: CartLinesTable;
  checkouts: CheckoutsTable;
  checkout_lines: CheckoutLinesTable;
  orders: OrdersTable;
  webhook_events: WebhookEventsTable;
  app_settings: AppSettingsTable;
  test_gateway_payments: TestGatewayPaymentsTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  test_gateway_refunds: TestGatewayRefundsTable;
  shop_pages: ShopPagesTable;
  shop_settings: ShopSettingsTable;
  product_low_stock: ProductLowStockTable;
  low_stock_mail_days: LowStockMailDaysTable;
  tax_documents: TaxDocumentsTable;
  document_counters: DocumentCountersTable;
}
