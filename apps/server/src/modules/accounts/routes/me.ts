import type { Handler } from '../../../http/add-route';
import { toProfile } from '../queries/profiles';
import { signedInRow } from '../require-user';

export const me: Handler<'me'> = async ({ user }, ctx) => ({
  profile: await toProfile(ctx.db, await signedInRow(ctx.db, user), user.id),
});
