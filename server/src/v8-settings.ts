import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the shop answers anyone. Requests waiting together for
// PostgreSQL outlive V8's young collections, and V8 then allocates every later request's objects
// straight in the old generation, where they die and the heap grows until a full collection
// (docs/decisions/0032-no-allocation-site-pretenuring.md).
setFlagsFromString('--no-allocation-site-pretenuring');
