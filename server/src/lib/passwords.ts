import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrency-limit.js';

/**
 * One of the argon2id settings OWASP's Password Storage Cheat Sheet lists as equally strong
 * (19 MiB with 2 passes, 12 MiB with 3, 9 MiB with 4, ...): the one that holds less memory
 * while a login runs. Hashes made with other settings still verify: each names its own.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 9216, timeCost: 4, parallelism: 1 };

/**
 * Each hash holds its memory cost (9 MiB) while it runs. More at once than there are cores
 * finishes no sooner, but a burst of logins would multiply the memory, so
 * hashes wait their turn.
 */
const oneAtATimePerCore = createConcurrencyLimit(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so a login for an
 * unknown email costs the same time as one for a known email.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}
