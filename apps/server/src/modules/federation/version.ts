import { createRequire } from 'node:module';

/** The server's version (apps/server/package.json), as NodeInfo and the User-Agent tell it. */
export const spotterVersion: string = createRequire(import.meta.url)('../../../package.json').version;
