/** Query keys that more than one feature reads or invalidates; each feature adds its own parts after them. */
export const queryKeys = {
  user: ['user'],
  products: ['products'],
  cart: ['cart'],
  orders: ['orders'],
  /** Every admin change adds an entry: the admin features invalidate it after theirs. */
  auditLog: ['admin', 'audit'],
} as const;
