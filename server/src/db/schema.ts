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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  cart_lines: CartLinesTable;
}
