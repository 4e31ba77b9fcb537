import vm from 'node:vm';

/**
 * The engine's own JSON.stringify. @fedify/vocab-runtime imports jsonld's browser build
 * (jsonld/dist/jsonld.esm.js), which carries core-js polyfills that replace the global JSON.stringify
 * on Node 20 (no JSON.rawJSON there) with one that re-reads the native answer character by character:
 * every answer not written by a prepared serializer cost about twice its CPU (the client API's home
 * page, issue 50), and a routine list's 15 kB answer six times (issue 46, decision 105).
 *
 * Taken from a fresh context rather than from the global at load time: in the built server
 * (one ES module bundle) every package a chunk imports, jsonld included, is evaluated before the
 * bundle's own code, so the global was already core-js's when this module read it, and
 * restoreNativeJson left the polyfill in place (the profile of GET /api/routines had it at 14 %). A new context's JSON has never been
 * touched by any package, whatever the load order; it stringifies this context's values as the
 * global one does (decision 105 measured it on a routine list: same text, same time).
 */
const [contextStringify, ContextTypeError] = new vm.Script('[JSON.stringify, TypeError]').runInNewContext() as [
  typeof JSON.stringify,
  typeof TypeError,
];

// Its own errors (a circular value, a BigInt) are the other context's TypeError: thrown again as this one's.
const engineStringify = ((value: unknown, replacer?: never, space?: string | number) => {
  try {
    return contextStringify(value, replacer, space);
  } catch (error) {
    if (!(error instanceof ContextTypeError)) throw error;
    throw Object.assign(new TypeError(error.message), { stack: error.stack });
  }
}) as typeof JSON.stringify;

export function restoreNativeJson() {
  if (JSON.stringify !== engineStringify) JSON.stringify = engineStringify;
}
