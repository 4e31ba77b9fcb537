// Imported, not read at run time: the build inlines it into the one bundle (scripts/build.mjs).
import serverPackage from '../../../package.json' with { type: 'json' };

/** The server's version (apps/server/package.json), as NodeInfo and the User-Agent tell it. */
export const spotterVersion: string = serverPackage.version;
