import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isModerator } from '../../accounts';
import { cardById, reportedCardById } from '../queries/cards';

/**
 * One post as a card (the post page). A moderator also opens a reported post the rule hides
 * (removed, its author suspended): the report queue's "See it in context" (decision 046); and a
 * suspended person's post, from their profile (decision 048).
 */
export const postCard: Handler<'postCard'> = async ({ params, user }, ctx) => {
  const post =
    (await cardById(ctx.db, params.postId, user?.id)) ??
    (user && isModerator(user) ? await reportedCardById(ctx.db, params.postId, user.id) : undefined);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
};
