/**
 * Fedify 2.3.6 reads a global `navigator` when it imports an Ed25519 key (as it does for every queued
 * delivery); Node has one only from 21 on. On Node 20 this gives it the one Node 21 has, so that a
 * queued delivery does not fail there (decision 084). Nothing else reads it.
 */
const globals = globalThis as { navigator?: { userAgent: string } };
if (globals.navigator === undefined) {
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` },
    configurable: true,
    writable: true,
  });
}
