// zod probes `new Function` once to decide whether to compile fast parsers.
// Under our CSP (no 'unsafe-eval') the probe fails harmlessly, yet the browser
// reports a CSP violation (Lighthouse: best practices < 100). `jitless` skips
// the probe. zod keeps its settings on this global, shared by every copy of it
// (the app has two: classic and the zod/mini alias); setting it here, before
// any page chunk loads zod, covers both without loading zod.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
