/** Bundles the server into `outdir` (emptied first), which must sit beside apps/server/src; answers its main.js. */
export function bundleServer(outdir: string): Promise<string>;
