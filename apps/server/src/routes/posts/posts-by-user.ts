import { apiErrors } from '@spotter/contract';
import { boundedList } from '../../answers/bounded-list';
import { isModerator } from '../../auth/roles';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { isPaged, pageAnswer, pageRequest } from '../../paging/page-request';
import { authorPage } from '../../queries/feeds';
import { postsByUsername } from '../../queries/posts';
import { findProfileUser } from '../../queries/users';

/**
 * A person's posts. A page of a suspended person's posts is answered to moderators only: the posts
 * the rule would show them were the person not suspended (decision 048). The spec's unpaged list
 * keeps the rule for everyone.
 */
export const postsByUser: Handler<'postsByUser'> = async ({ params, query, user, reply }, ctx) => {
  if (!isPaged(query)) {
    return {
      posts: boundedList(reply, await postsByUsername(ctx.db, params.username, ctx.config.unpagedListMax, user?.id)),
    };
  }
  const author = await findProfileUser(ctx.db, params.username, user?.id, isModerator(user));
  if (!author) throw notFound(apiErrors.userNotFound);
  const suspendedAuthor = author.suspended_at !== null;
  return pageAnswer(await authorPage(ctx.db, user?.id, author.id, pageRequest(query), { suspendedAuthor }));
};
