/**
 * The engine's own JSON.stringify, kept before any package loads. @fedify/vocab-runtime imports
 * jsonld's browser build (jsonld/dist/jsonld.esm.js), which carries core-js polyfills that replace
 * the global JSON.stringify on Node 20 (no JSON.rawJSON there) with one that re-reads the native
 * answer character by character: every answer not written by a prepared serializer cost about twice
 * its CPU (the client API's home page, issue 50: the profile had it at 12 % of the server's CPU).
 * Spotter and jsonld need nothing of the polyfill: buildApp puts the engine's own back.
 */
const engineStringify = JSON.stringify;

export function restoreNativeJson() {
  if (JSON.stringify !== engineStringify) JSON.stringify = engineStringify;
}
