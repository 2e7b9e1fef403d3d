import { createDb, type Db } from '../../src/db/index.js';
import type { TestDatabase } from './databases.js';

/**
 * A handle on `db` whose first query, once its result is back, waits while
 * another instance (its own connection to `database`) runs `write` and
 * commits: a change landing between two reads of one request. `close` ends
 * that connection; `raced` tells whether the write ran.
 */
export function racingHandle(db: Db, database: TestDatabase, write: (otherInstance: Db) => Promise<unknown>) {
  const { db: otherInstance } = createDb(database);
  let raced = false;
  const racing = db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      if (!raced) {
        raced = true;
        await write(otherInstance);
      }
      return result;
    },
  });
  return { db: racing, raced: () => raced, close: () => otherInstance.destroy() };
}
