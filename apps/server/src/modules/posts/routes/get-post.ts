import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isModerator } from '../../accounts';
import { postById, reportedPostById } from '../queries/posts';

/**
 * A post the viewer may see; a moderator also opens a reported one the rule hides (removed, its
 * author suspended), the "See it in context" of the report queue, and a suspended person's post
 * (decision 048). Everyone else gets 404.
 */
export const getPost: Handler<'getPost'> = async ({ params, user }, ctx) => {
  const post =
    (await postById(ctx.db, params.postId, user?.id)) ??
    (user && isModerator(user) ? await reportedPostById(ctx.db, params.postId, user.id) : undefined);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
};
