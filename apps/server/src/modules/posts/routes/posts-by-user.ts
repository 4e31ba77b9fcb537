import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { boundedList } from '../../../http/bounded-list';
import { isPaged, pageRequest } from '../../../paging/page-request';
import { findProfileUser, isModerator } from '../../accounts';
import { pageAnswer } from '../post-answers';
import { authorPage, authorPageByName } from '../queries/feeds';
import { postsByUsername } from '../queries/posts';

/**
 * A person's posts. A page of a suspended person's posts is answered to moderators only: the posts
 * the rule would show them were the person not suspended (decision 048). The spec's unpaged list
 * keeps the rule for everyone. A member's page is read by name, in one statement: a page with posts
 * needs no more; an empty one asks for the person apart, for the 404 of a person not found or not
 * shown to them (the rule that shows a person's posts shows the person).
 */
export const postsByUser: Handler<'postsByUser'> = async ({ params, query, user, reply }, ctx) => {
  if (!isPaged(query)) {
    return {
      posts: boundedList(reply, await postsByUsername(ctx.db, params.username, ctx.config.unpagedListMax, user?.id)),
    };
  }
  const moderator = isModerator(user);
  if (!moderator) {
    const page = await authorPageByName(ctx.db, user?.id, params.username, pageRequest(query));
    if (page.posts.length === 0 && !(await findProfileUser(ctx.db, params.username, user?.id, false))) {
      throw notFound(apiErrors.userNotFound);
    }
    return pageAnswer(page);
  }
  const author = await findProfileUser(ctx.db, params.username, user?.id, moderator);
  if (!author) throw notFound(apiErrors.userNotFound);
  const suspendedAuthor = author.suspended_at !== null;
  return pageAnswer(await authorPage(ctx.db, user?.id, author.id, pageRequest(query), { suspendedAuthor }));
};
