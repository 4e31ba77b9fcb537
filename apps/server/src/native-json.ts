import vm from 'node:vm';

/**
 * The engine's own JSON.stringify. @fedify/vocab-runtime imports jsonld's browser build
 * (jsonld/dist/jsonld.esm.js), which carries core-js polyfills that replace the global JSON.stringify
 * on Node 20 (no JSON.rawJSON there) with one that re-reads the native answer character by character:
 * every answer not written by a prepared serializer cost about twice its CPU (the client API's home
 * page, issue 50), and a routine list's 15 kB answer six times (issue 46, decision 105).
 *
 * Kept when this module is evaluated before any core-js (the built server imports it first,
 * scripts/server-bundle.mjs, when that is in place); evaluated after one (core-js leaves
 * `__core-js_shared__` on the global), the global may already be the polyfill, so the engine's is
 * taken from a fresh `vm` context instead, whose JSON no package has touched: it writes this
 * context's values to the same text at the same cost (decision 105), and its own errors are thrown
 * again as this context's TypeError. On main before this, the bundle's chunks evaluated jsonld
 * before this module, which then kept core-js's function and "restored" that: 14 % of the profile
 * of GET /api/routines.
 */
function freshContextStringify(): typeof JSON.stringify {
  const [stringify, ContextTypeError] = new vm.Script('[JSON.stringify, TypeError]').runInNewContext() as [
    typeof JSON.stringify,
    typeof TypeError,
  ];
  // Its own errors (a circular value, a BigInt) are the other context's TypeError: thrown again as this one's.
  return ((value: unknown, replacer?: never, space?: string | number) => {
    try {
      return stringify(value, replacer, space);
    } catch (error) {
      if (!(error instanceof ContextTypeError)) throw error;
      throw Object.assign(new TypeError(error.message), { stack: error.stack });
    }
  }) as typeof JSON.stringify;
}

const engineStringify = '__core-js_shared__' in globalThis ? freshContextStringify() : JSON.stringify;

export function restoreNativeJson() {
  if (JSON.stringify !== engineStringify) JSON.stringify = engineStringify;
}
