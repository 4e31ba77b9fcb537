import { suggestionsDefaultLimit } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { suggestUsers } from '../queries/suggestions';

export const suggestions: Handler<'suggestions'> = async ({ query, user }, ctx) => ({
  users: await suggestUsers(ctx.db, user.id, query.limit ?? suggestionsDefaultLimit),
});
