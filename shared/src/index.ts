export * from './messages.js';
export * from './constants.js';
export * from './money.js';
export * from './schemas/fields.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/product.js';
