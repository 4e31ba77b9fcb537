import type { Capabilities } from '@spotter/contract';
import type { AppContext } from '../../context';

/**
 * What GET /api/capabilities answers: one flag per optional feature, each from the configuration this
 * server started with. A feature added later adds its own line.
 */
export const capabilitiesOf = (ctx: Pick<AppContext, 'mail' | 'outbox'>): Capabilities => ({
  email: ctx.mail !== undefined,
  federation: ctx.outbox !== undefined,
});
