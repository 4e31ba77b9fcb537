// zod builds its fast parsers with `new Function` and probes for it as schemas are created; the
// Content-Security-Policy forbids eval, so every page would report a violation. zod reads this global
// config (zod/v4/core/core.js) before its first schema; the plain parsers are all the client needs.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
