import { z } from 'zod';
import { mediaTypes, postContentMaxLength, postVisibilities } from '../constants';
import { id, postImage, timestamp } from './fields';
import { userSummarySchema } from './users';

/** What a post shows, in both of its shapes (the spec's post and the card). */
export const postContentFields = {
  _id: id,
  content: z.string(),
  image: z.string().nullable(),
  mediaType: z.enum(mediaTypes).nullable(),
  alt: z.string().nullable(),
  /** Pixel size of the image or video, so a card reserves its space before it loads (null if unknown). */
  mediaWidth: z.number().int().nullable(),
  mediaHeight: z.number().int().nullable(),
  username: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When the author last edited the post, null if never (issue 18: the "edited" mark). */
  editedAt: timestamp.nullable(),
  /** Who may see it: public, followers (of its author) or private (its author alone). */
  visibility: z.enum(postVisibilities),
};

/** A post as SPEC §3 describes it, with its author's name and avatar so a card needs no other call. */
export const postSchema = z.object({
  ...postContentFields,
  likes: z.object({
    likeCount: z.number().int(),
    likedBy: z.array(userSummarySchema),
    dislikedBy: z.array(userSummarySchema),
  }),
  /** Comments and replies on the post (issue 14). */
  commentCount: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  avatarUrl: z.string(),
});
export type Post = z.infer<typeof postSchema>;

const postFields = {
  content: z.string().max(postContentMaxLength, `must be at most ${postContentMaxLength} characters`),
  image: postImage.nullable(),
  mediaType: z.enum(mediaTypes).nullable(),
  alt: z.string().max(1000, 'must be at most 1000 characters').nullable(),
};

/** New post: text, media, or both; never neither. */
export const createPostBodySchema = z.object({
  postData: z
    .object({
      content: postFields.content.default(''),
      image: postFields.image.optional(),
      mediaType: postFields.mediaType.optional(),
      alt: postFields.alt.optional(),
      /** One of the author's own workouts, shown on the card. */
      workoutId: id.optional(),
      /** Unset: the author's default visibility. */
      visibility: z.enum(postVisibilities).optional(),
    })
    .refine((p) => p.content.trim() !== '' || !!p.image || !!p.workoutId, {
      message: 'Add content to post',
      path: ['content'],
    }),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/** Edit: the given fields are merged into the post. */
export const editPostBodySchema = z.object({
  postData: z.object({
    content: postFields.content.optional(),
    image: postFields.image.optional(),
    mediaType: postFields.mediaType.optional(),
    alt: postFields.alt.optional(),
    /** Another of the author's workouts, or null to take it off. */
    workoutId: id.nullable().optional(),
    /** Applies at once, in every list and to every reader. */
    visibility: z.enum(postVisibilities).optional(),
  }),
});
export type EditPostBody = z.infer<typeof editPostBodySchema>;

export const postResponseSchema = z.object({ post: postSchema });
export const postsResponseSchema = z.object({ posts: z.array(postSchema) });

export const postIdParamsSchema = z.object({ postId: id });
export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });
