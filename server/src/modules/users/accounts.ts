import { messages, type loginSchema, type registerSchema } from '@shop/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/index.js';
import { HttpError } from '../../lib/http-errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newId } from '../../lib/tokens.js';
import { limitPasswordGuesses, limitRegistrations, passwordGuessed } from './rate-limits.js';
import { findUserByEmail } from './repo.js';

/** Creates a customer. Only these fields are stored: isAdmin or role in the request are ignored. */
export async function register(
  ctx: AppContext,
  input: z.output<typeof registerSchema>,
): Promise<'created' | 'exists'> {
  if (await findUserByEmail(ctx.db, input.email)) return 'exists';
  await limitRegistrations(ctx, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db
      .insertInto('users')
      .values({
        id: newId(),
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        is_admin: 0,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    return 'created';
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides.
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

/** Checks the credentials from a client address (rate-limits.ts's key); throws the spec's 404 or 401. */
export async function authenticate(ctx: AppContext, input: z.output<typeof loginSchema>, client: string) {
  const guess = await limitPasswordGuesses(ctx, input.email, client);
  const user = await findUserByEmail(ctx.db, input.email);
  // Verify against a dummy hash for unknown accounts so both answers take as long.
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user) throw new HttpError(404, messages.userNotRegistered);
  if (!ok) throw new HttpError(401, messages.wrongCredentials);
  await passwordGuessed(ctx, input.email, client, guess);
  return user;
}
