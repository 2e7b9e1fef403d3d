import { sql } from 'kysely';
import type { DbKind } from '../../db/index.js';
import { containsPattern } from './repo.js';

/** Trigram indexes (migration 0007) only help from three characters on. */
const INDEXED_SEARCH_LENGTH = 3;

/** FTS5 phrase for "contains this text": the whole text in quotes, its quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.toLowerCase().replaceAll('"', '""')}"`;
}

/**
 * A condition on `products`: its name contains `text`, case-insensitive, the
 * user's % and _ taken literally; answered from each database's trigram index.
 */
export function nameContains(kind: DbKind, text: string) {
  if (kind === 'sqlite' && [...text].length >= INDEXED_SEARCH_LENGTH) {
    // The trigram tokenizer matches a quoted phrase as a substring, like LIKE '%q%'.
    return sql<boolean>`products.rowid in (select rowid from products_search where products_search match ${ftsPhrase(text)})`;
  }
  // PostgreSQL answers this from its trigram index by itself.
  return sql<boolean>`products.name_search like ${containsPattern(text)} escape '\\'`;
}
