import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts: set once the npm packages have loaded, before the app is built
// (docs/decisions/0032). Requests waiting together for PostgreSQL outlive young collections, and V8
// would then allocate the same objects of every later request straight in the old generation, where
// they die.
setFlagsFromString('--no-allocation-site-pretenuring');
// With gigabytes free, V8 lets the old generation grow to four times what survived its last full
// collection; at 1.4 times, what requests leave there is swept every few seconds.
setFlagsFromString('--heap-growing-percent=40');
