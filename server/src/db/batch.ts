import { sql } from 'kysely';
import type { DbKind } from './index.js';

/**
 * Reads that arrive while an earlier trip is on its way to the database go
 * together in the next one. A trip costs more than the read (it wakes
 * PostgreSQL's server process, or takes SQLite's file locks), so with many
 * shoppers at once one trip answers several.
 *
 * A batch leaves only after all its reads arrived (a read never joins a trip
 * under way), so every read sees the database as it is after it was asked for
 * and a shopper's own write shows in their next read. One trip per batcher at
 * a time; an idle shop sends each read alone, one event-loop turn later.
 */
export function createBatcher<Request, Answer>(run: (requests: Request[]) => Promise<Answer[]>) {
  type Waiting = { request: Request; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let tripUnderWay = false;
  let scheduled = false;

  function send() {
    scheduled = false;
    if (waiting.length === 0 || tripUnderWay) return;
    const batch = waiting;
    waiting = [];
    tripUnderWay = true;
    run(batch.map((w) => w.request)).then(
      (answers) => {
        batch.forEach((w, i) => w.resolve(answers[i]!));
        done();
      },
      (error: unknown) => {
        for (const w of batch) w.reject(error);
        done();
      },
    );
  }

  function done() {
    tripUnderWay = false;
    // At the end of this turn, not at once: the shoppers just answered ask again in this turn, and
    // a fuller trip costs PostgreSQL less per answer.
    if (!scheduled && waiting.length > 0) {
      scheduled = true;
      setImmediate(send);
    }
  }

  return (request: Request): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ request, resolve, reject });
      // Reads that arrive in the same turn of the event loop (one poll of the sockets) go together.
      if (!scheduled && !tripUnderWay) {
        scheduled = true;
        setImmediate(send);
      }
    });
}

/**
 * `createBatcher` for reads by one key (a product's id, a shopper's id): one
 * query for every key asked, its rows handed back to each asker in the
 * query's order.
 */
export function createKeyedBatcher<Row>(
  query: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
) {
  return createBatcher(async (keys: string[]) => {
    const rows = new Map<string, Row[]>();
    for (const row of await query([...new Set(keys)])) {
      const key = keyOf(row);
      const group = rows.get(key);
      if (group) group.push(row);
      else rows.set(key, [row]);
    }
    return keys.map((key) => rows.get(key) ?? []);
  });
}

/**
 * `column` is one of a batch's keys, all sent as one parameter (`keysParameter`):
 * a text[] on PostgreSQL, a JSON list on SQLite. So the statement is the same for
 * any number of keys (compiled once; its placeholder is filled in at run time by compileOnce).
 */
export const anyOf = (column: string, kind: DbKind = 'postgres') =>
  kind === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${[]}::text[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${''}))`;

export const keysParameter = (keys: string[], kind: DbKind) =>
  kind === 'postgres' ? keys : JSON.stringify(keys);
