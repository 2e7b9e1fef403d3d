// The Node.js flags the shop's server runs with wherever it runs for real:
// npm start, npm run bench, npm run lighthouse, and (written out) deploy/shop.service,
// deploy/Containerfile and docs/deploy.md (server/src/node-flags.test.ts keeps them equal).
//
// --max-semi-space-size=8 caps each half of V8's young generation at 8 MB (Node 20
// lets it grow to 16): under load the process peaks lower. It was 4 until 2026-11-25;
// by then an answer from memory allocated about 19 KB and a young collection came every
// 11 ms, and 8 made the product page and cart 9-15 % faster (npm run bench:ab) for a peak
// about 12 MB higher (docs/decisions/0022-kept-answers-sent-at-once.md).
//
// --heap-growing-percent=40 lets the old generation grow to 1.4 times what the last
// full collection kept, instead of up to 4 times. Under load, answers that outlive a
// young collection are promoted as garbage (about 8 MB/s on the product page); at
// the default factor the heap grew from 45 MB to 170 MB before V8 collected it, and
// the process peaked near 290 MB. With 50 it peaked about 180 MB, for collections that
// take 3 ms every few seconds, no loss of throughput measured; 40 since the search
// index keeps known products, about 10 MB lower again at the cost of about 3 % of
// repeated searches (docs/decisions/0014-batched-reads-on-postgresql.md).
// --no-allocation-site-pretenuring keeps V8 from allocating a request's objects straight in
// the old generation. The hot reads' answers wait for the end of the event loop's turn
// (decisions/0017), so a young collection during a turn finds that turn's requests alive. V8
// then took their allocation sites for long-lived ones, and every request's objects went to
// the old generation and died there: a full collection every 60 ms, the SQLite product page
// at half its speed, p99 12 ms instead of 1 (docs/decisions/0019-no-allocation-site-pretenuring.md).
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=40',
  '--no-allocation-site-pretenuring',
];
