import { inject } from 'vitest';
import type { DbKind } from './server.js';

/** `shop`'s REQUEST_TIMEOUT_SECONDS: a whole request must arrive within it. */
export const MAIN_REQUEST_TIMEOUT_SECONDS = 5;

/** What a test needs to know about a running shop process. */
export type ShopInfo = { baseUrl: string; pid: number; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    attackDb: DbKind;
    /** Auth rate limits raised, so attacks other than brute force are not cut short by 429s. */
    shop: ShopInfo;
    /** The default rate limits, for the brute-force attacks only. */
    limitsShop: ShopInfo;
    /** Made with `create-admin` on `shop`. */
    owner: { email: string; password: string };
  }
}

export const attackDb = () => inject('attackDb');
export const mainShop = () => inject('shop');
export const limitsShop = () => inject('limitsShop');
export const ownerCredentials = () => inject('owner');
