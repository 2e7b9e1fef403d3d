import type { Database } from './schema.js';

/** Parents before children, so every foreign key finds its row. */
export const TABLES = [
  'users',
  'products',
  'sessions',
  'password_resets',
  'reviews',
  'cart_lines',
  'checkouts',
  'checkout_lines',
  'orders',
  'webhook_events',
  'app_settings',
  'audit_log',
  'mail_outbox',
  'test_gateway_payments',
  'order_events',
  'refunds',
  'test_gateway_refunds',
  'shop_pages',
  'shop_settings',
  'product_low_stock',
  'low_stock_mail_days',
  'tax_documents',
  'document_counters',
] as const satisfies readonly (keyof Database)[];
export type Table = (typeof TABLES)[number];

// A table added to the schema but not to the list above fails the typecheck here.
const everyTableListed: Record<Exclude<keyof Database, Table>, never> = {};
void everyTableListed;
