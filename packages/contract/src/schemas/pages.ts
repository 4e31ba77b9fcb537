import { z } from 'zod';
import { pageLimits, postOrders } from '../constants';
import { id } from './fields';
import { postContentFields } from './posts';
import { userSummarySchema } from './users';
import { workoutSummarySchema } from './workouts';

/**
 * `limit` and an opaque `cursor` (the `nextCursor` of the previous page). A list call with neither
 * keeps the spec's whole-list answer; with either, it answers one page.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(pageLimits.min, `must be at least ${pageLimits.min}`)
    .max(pageLimits.max, `must be at most ${pageLimits.max}`)
    .optional(),
  cursor: z.string().max(512).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const orderedPageQuerySchema = pageQuerySchema.extend({
  order: z.enum(postOrders).optional(),
});

/**
 * A post in a paged answer: the like count and what the signed-in person did with it, instead of the
 * whole likedBy / dislikedBy lists, whose size grows with the network.
 */
export const cardPostSchema = z.object({
  ...postContentFields,
  likeCount: z.number().int(),
  /** Comments and replies on the post (issue 14), a stored counter. */
  commentCount: z.number().int(),
  /** false for an anonymous caller */
  likedByMe: z.boolean(),
  bookmarkedByMe: z.boolean(),
  author: userSummarySchema,
  /** The workout the post carries (`postData.workoutId`); absent when none. */
  workout: workoutSummarySchema.optional(),
  /**
   * In a Home feed only: the followed person whose boost (a federated `Announce`) put the post there,
   * the latest when several did (issue 49). Absent on every other list and on a post not boosted.
   */
  boostedBy: userSummarySchema.optional(),
});
export type CardPost = z.infer<typeof cardPostSchema>;

export const postPageSchema = z.object({
  posts: z.array(cardPostSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** `Prefer: return=minimal` (RFC 7240) answers of post mutations: only the changed post. */
export const cardPostResponseSchema = z.object({ post: cardPostSchema });
export const deletedPostResponseSchema = z.object({ deletedPostId: id });
