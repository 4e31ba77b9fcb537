import { z } from 'zod';
import { commentContentMaxLength } from '../constants';
import { apiErrors } from '../messages';
import { id, timestamp } from './fields';
import { pageQuerySchema } from './pages';
import { userSummarySchema } from './users';

/** A comment (issue 14): one level of replies; `replyTo` is the top-level comment it answers, or null. */
export const commentSchema = z.object({
  _id: id,
  postId: id,
  content: z.string(),
  replyTo: id.nullable(),
  author: userSummarySchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Comment = z.infer<typeof commentSchema>;

const commentContent = z
  .string()
  .max(commentContentMaxLength, `must be at most ${commentContentMaxLength} characters`)
  .refine((v) => v.trim() !== '', apiErrors.addComment);

export const createCommentBodySchema = z.object({
  commentData: z.object({ content: commentContent, replyTo: id.optional() }),
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const editCommentBodySchema = z.object({ commentData: z.object({ content: commentContent }) });
export type EditCommentBody = z.infer<typeof editCommentBodySchema>;

export const commentIdParamsSchema = z.object({ commentId: id });
export const commentResponseSchema = z.object({ comment: commentSchema });
export const commentPageQuerySchema = pageQuerySchema;
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;
