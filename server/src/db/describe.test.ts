import { describe, expect, it } from 'vitest';
import { describeDatabase } from './index.js';

describe('describeDatabase', () => {
  it('names the SQLite file in DATA_DIR', () => {
    expect(describeDatabase({ dataDir: '/srv/shop/data' })).toBe('SQLite database /srv/shop/data/shop.db');
  });

  it('names the PostgreSQL database without its password', () => {
    const text = describeDatabase({
      databaseUrl: 'postgres://shop:s3cret@db.example:5432/shop?sslmode=require&password=s3cret',
      dataDir: '/srv/shop/data',
    });
    expect(text).toBe('PostgreSQL database postgres://shop@db.example:5432/shop?sslmode=require');
    expect(text).not.toContain('s3cret');
  });
});
