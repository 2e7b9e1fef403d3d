import { describe, expect, it } from 'vitest';
import { createBatcher, createKeyedBatcher } from './batch.js';

/** A stand-in trip: records each batch, answers when the test says so. */
function trips() {
  const sent: { requests: number[]; finish: (error?: Error) => void }[] = [];
  const run = (requests: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push({
        requests,
        finish: (error) => (error ? reject(error) : resolve(requests.map((n) => `answer ${n}`))),
      });
    });
  return { sent, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends reads asked in the same turn in one trip, each getting its own answer', async () => {
    const { sent, run } = trips();
    const read = createBatcher(run);
    const answers = Promise.all([read(1), read(2), read(3)]);
    await turn();
    expect(sent.map((trip) => trip.requests)).toEqual([[1, 2, 3]]);
    sent[0]!.finish();
    expect(await answers).toEqual(['answer 1', 'answer 2', 'answer 3']);
  });

  it('sends one trip at a time and never adds a read to a trip under way: it goes in the next', async () => {
    const { sent, run } = trips();
    const read = createBatcher(run);
    const first = read(1);
    await turn();
    const later = [read(2), read(3)];
    await turn();
    expect(sent.map((trip) => trip.requests)).toEqual([[1]]);
    sent[0]!.finish();
    expect(await first).toBe('answer 1');
    await turn();
    expect(sent.map((trip) => trip.requests)).toEqual([[1], [2, 3]]);
    sent[1]!.finish();
    expect(await Promise.all(later)).toEqual(['answer 2', 'answer 3']);
  });

  it('sends the next trip at the end of the turn the last one came back in, with every read asked in that turn', async () => {
    const { sent, run } = trips();
    const read = createBatcher(run);
    const first = read(1);
    await turn();
    const second = read(2);
    sent[0]!.finish();
    expect(await first).toBe('answer 1');
    // Asked in the turn the first trip came back in, after its answer was handed out.
    const third = read(3);
    await turn();
    expect(sent.map((trip) => trip.requests)).toEqual([[1], [2, 3]]);
    sent[1]!.finish();
    expect(await Promise.all([second, third])).toEqual(['answer 2', 'answer 3']);
  });

  it('fails every read of a failed trip, and the next trip still goes', async () => {
    const { sent, run } = trips();
    const read = createBatcher(run);
    const failing = [read(1), read(2)].map((p) => p.catch((error: Error) => error.message));
    await turn();
    const next = read(3);
    sent[0]!.finish(new Error('connection lost'));
    expect(await Promise.all(failing)).toEqual(['connection lost', 'connection lost']);
    await turn();
    expect(sent[1]?.requests).toEqual([3]);
    sent[1]!.finish();
    expect(await next).toBe('answer 3');
  });
});

describe('createKeyedBatcher', () => {
  it("hands each asker the rows of its key, in the query's order, and none for a key with no rows", async () => {
    const asked: string[][] = [];
    const read = createKeyedBatcher(
      async (keys: string[]) => {
        asked.push(keys);
        return [
          { key: 'b', n: 1 },
          { key: 'a', n: 2 },
          { key: 'b', n: 3 },
        ];
      },
      (row) => row.key,
    );
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('c')]);
    expect(asked).toEqual([['a', 'b', 'c']]);
    expect(answers).toEqual([
      [{ key: 'a', n: 2 }],
      [
        { key: 'b', n: 1 },
        { key: 'b', n: 3 },
      ],
      [{ key: 'a', n: 2 }],
      [],
    ]);
  });
});
