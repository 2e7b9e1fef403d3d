import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts: set once the npm packages have loaded, before the app is built. Requests
// waiting together for PostgreSQL outlive V8's young collections; V8 then marks the places that
// allocate a request's objects as long-lived and allocates there straight in the old generation, where
// the objects die and the heap grows until a full collection (docs/decisions/0032).
setFlagsFromString('--no-allocation-site-pretenuring');
