import { apiErrors } from '@spotter/contract';
import { boundedList } from '../../answers/bounded-list';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { isPaged, pageAnswer, pageRequest } from '../../paging/page-request';
import { authorPage } from '../../queries/feeds';
import { postsByUsername } from '../../queries/posts';
import { findVisibleUserByUsername } from '../../queries/users';

export const postsByUser: Handler<'postsByUser'> = async ({ params, query, user, reply }, ctx) => {
  if (!isPaged(query)) {
    return {
      posts: boundedList(reply, await postsByUsername(ctx.db, params.username, ctx.config.unpagedListMax, user?.id)),
    };
  }
  const author = await findVisibleUserByUsername(ctx.db, params.username, user?.id);
  if (!author) throw notFound(apiErrors.userNotFound);
  return pageAnswer(await authorPage(ctx.db, user?.id, author.id, pageRequest(query)));
};
