import { createHash, randomBytes, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** 32 random bytes (256 bits), URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of secrets are stored; a fast hash is right for high-entropy tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
