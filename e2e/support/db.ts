import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from './env';

/**
 * Writes straight into the e2e shop's SQLite database, for data no screen
 * makes quickly (fifty reviewers). Safe beside the running server: the
 * database is in WAL mode, and its triggers move the versions the server's
 * caches are checked against.
 */
function withShopDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(E2E_DATA_DIR, 'shop.db'));
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * A new product with `count` reviews, one a minute; the first (the oldest) is
 * `firstAuthor`'s. Answers the product's id.
 */
export function productWithReviews(name: string, count: number, firstAuthor: { id: string; name: string }) {
  const id = randomUUID();
  const start = Date.parse('2026-01-01T00:00:00Z');
  withShopDb((db) =>
    db.transaction(() => {
      db.prepare(
        `insert into products (id, name, name_search, category, price_paise, count_in_stock, image, description, rating, num_reviews, created_at)
         values (?, ?, ?, 'games', 49900, 5, '/images/products/ludo-royale.svg', 'A product with many reviews.', 4, ?, ?)`,
      ).run(id, name, name.toLowerCase(), count, new Date(start).toISOString());
      const review = db.prepare(
        `insert into reviews (id, product_id, user_id, user_name, rating, comment, created_at, updated_at)
         values (?, ?, ?, ?, 4, ?, ?, ?)`,
      );
      for (let i = 0; i < count; i += 1) {
        const at = new Date(start + i * 60_000).toISOString();
        const [userId, userName] =
          i === 0 ? [firstAuthor.id, firstAuthor.name] : [randomUUID(), `Reviewer ${i}`];
        review.run(randomUUID(), id, userId, userName, `Review number ${i}`, at, at);
      }
    })(),
  );
  return id;
}
