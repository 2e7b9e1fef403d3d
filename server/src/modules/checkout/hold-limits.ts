import { commerceMessages } from '@shop/shared';
import { sql, type Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { DbKind } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-errors.js';

const HOUR_MS = 60 * 60_000;
/** A hold shorter than this could not be paid in: refused instead of given. */
const SHORTEST_HOLD_MS = 60_000;

/**
 * The key a client address is limited by: an IPv4 address as it is, an IPv6
 * address by its /64 (one subscriber's network hands out the rest freely).
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

const minutesUntil = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

function tooMany(message: string, waitMs: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

export type HoldRequest = {
  userId: string;
  address: string;
  /** Units the cart asks to hold. */
  units: number;
  now: Date;
  /** The end of the same shopper's hold this one replaces, if it had not ended yet. */
  replacedUntil: Date | undefined;
};

/**
 * Checks what one shopper may keep from others without paying, in the
 * transaction that takes the stock, and answers when the new hold ends:
 *
 * - one checkout holds at most `maxUnits` units, and the pending checkouts
 *   started from one client address at most `maxUnitsPerAddress` together;
 * - an account may start `startsPerHour` checkouts an hour, an address
 *   `startsPerHourPerAddress`;
 * - an account's unpaid holds last `budgetMsPerHour` together in any hour,
 *   whether they expired, were cancelled or were replaced, so asking again
 *   never holds the stock longer;
 * - a hold that replaces one still running ends when that one would have.
 *
 * The caller holds the account's row lock (PostgreSQL; SQLite has one
 * writer); the address gets a transaction lock here, so two accounts on one
 * address cannot both pass the address's bound at once.
 */
export async function holdUntil(
  trx: Transaction<Database>,
  kind: DbKind,
  config: Pick<Config, 'checkoutTtlMs' | 'holds'>,
  request: HoldRequest,
): Promise<Date> {
  const { holds } = config;
  const { userId, address, units, now } = request;
  if (units > holds.maxUnits) throw new HttpError(409, commerceMessages.checkoutTooManyUnits(holds.maxUnits));
  if (kind === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${`checkout-address:${address}`}))`.execute(trx);
  }
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();

  const started = await trx
    .selectFrom('checkouts')
    .select(['status', 'created_at', 'expires_at', 'closed_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', hourAgo)
    .orderBy('created_at')
    .execute();
  const oldestLeaves = (rows: { created_at: string }[]) =>
    Date.parse(rows[0]!.created_at) + HOUR_MS - now.getTime();
  if (started.length >= holds.startsPerHour) {
    throw tooMany(
      commerceMessages.checkoutTooOften(minutesUntil(oldestLeaves(started))),
      oldestLeaves(started),
    );
  }

  const unpaid = started.filter((c) => c.status === 'pending' || c.status === 'released');
  const heldMs = unpaid.reduce((sum, c) => {
    const end = Math.min(Date.parse(c.closed_at ?? c.expires_at), Date.parse(c.expires_at), now.getTime());
    return sum + Math.max(0, end - Date.parse(c.created_at));
  }, 0);
  const leftMs = holds.budgetMsPerHour - heldMs;
  if (leftMs < SHORTEST_HOLD_MS) {
    const wait = unpaid.length > 0 ? oldestLeaves(unpaid) : HOUR_MS;
    throw tooMany(commerceMessages.checkoutHoldUsedUp(minutesUntil(wait)), wait);
  }

  const fromAddress = await trx
    .selectFrom('checkouts')
    .select(['status', 'created_at', 'expires_at', 'id'])
    .where('client_address', '=', address)
    .where('created_at', '>', hourAgo)
    .orderBy('created_at')
    .execute();
  if (fromAddress.length >= holds.startsPerHourPerAddress) {
    const wait = oldestLeaves(fromAddress);
    throw tooMany(commerceMessages.checkoutTooOften(minutesUntil(wait)), wait);
  }
  const live = fromAddress.filter((c) => c.status === 'pending' && c.expires_at > now.toISOString());
  if (live.length > 0) {
    const held = await trx
      .selectFrom('checkout_lines')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('units'))
      .where(
        'checkout_id',
        'in',
        live.map((c) => c.id),
      )
      .executeTakeFirst();
    if (Number(held?.units ?? 0) + units > holds.maxUnitsPerAddress) {
      throw tooMany(commerceMessages.checkoutAddressBusy, config.checkoutTtlMs);
    }
  } else if (units > holds.maxUnitsPerAddress) {
    throw tooMany(commerceMessages.checkoutAddressBusy, config.checkoutTtlMs);
  }

  let end = now.getTime() + Math.min(config.checkoutTtlMs, leftMs);
  // A hold about to end is not carried over (it could not be paid in); the budget bounds that case.
  const carried = request.replacedUntil?.getTime();
  if (carried !== undefined && carried - now.getTime() >= SHORTEST_HOLD_MS) end = Math.min(end, carried);
  return new Date(end);
}
