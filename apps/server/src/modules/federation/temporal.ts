/// <reference lib="esnext.temporal" />
import { Temporal as Polyfill } from '@js-temporal/polyfill';

/**
 * Temporal, as Fedify's types name it (the esnext.temporal library), from the polyfill Fedify itself
 * uses: Node 20 to 24 have no global Temporal.
 */
export const Temporal = Polyfill as unknown as typeof globalThis.Temporal;
