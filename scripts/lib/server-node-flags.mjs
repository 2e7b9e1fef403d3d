// The Node.js flags the shop's server runs with wherever it runs for real:
// npm start, npm run bench, npm run lighthouse, and (written out) deploy/shop.service and
// deploy/Containerfile. --max-semi-space-size=4 caps each half of V8's young
// generation at 4 MB (Node 20 lets it grow to 16): under load the process
// peaked about 25 MB lower, with no loss of throughput (docs/performance.md).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
