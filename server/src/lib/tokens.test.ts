import { describe, expect, it } from 'vitest';
import { hashToken, newId, newSecretToken } from './tokens.js';

describe('secret tokens', () => {
  it('carries 32 random bytes (256 bits) in URL-safe text', () => {
    const token = newSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newSecretToken()));
    expect(tokens.size).toBe(1000);
  });

  it('stores a hash that differs from the token and does not contain it', () => {
    const token = newSecretToken();
    const hash = hashToken(token);
    expect(hash).not.toBe(token);
    expect(hash).not.toContain(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes the same token to the same value, so a cookie can be looked up', () => {
    const token = newSecretToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(newSecretToken()));
  });
});

describe('ids', () => {
  it('are random UUIDs', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newId()).not.toBe(newId());
  });
});
