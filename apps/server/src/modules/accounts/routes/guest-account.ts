import { guestCredentials } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { findUserByUsername } from '../queries/users';

/** A server started with SEED=false has no guest: its login screen then leaves the button out. */
export const guestAccount: Handler<'guestAccount'> = async (_input, ctx) => ({
  guest: (await findUserByUsername(ctx.db, guestCredentials.username)) !== undefined,
});
