import { z } from 'zod';
import { mediaTypes, postContentMaxLength, postPhotosMax, postVisibilities } from '../constants';
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
  /**
   * Its photos in order, up to four (issue 47, item 11): the first is `image` (with `alt` and the
   * media size), so a client that reads `image` alone shows what it always did. Empty for a video
   * or a post without media.
   */
  photos: z.array(
    z.object({
      url: z.string(),
      alt: z.string().nullable(),
      /** Pixel size when the photo is an upload (null for a link, whose size is unknown). */
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    }),
  ),
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
export type PostPhoto = Post['photos'][number];

const postFields = {
  content: z.string().max(postContentMaxLength, `must be at most ${postContentMaxLength} characters`),
  image: postImage.nullable(),
  mediaType: z.enum(mediaTypes).nullable(),
  alt: z.string().max(1000, 'must be at most 1000 characters').nullable(),
  /** The photos in the order shown: instead of image, mediaType and alt, never with them. */
  photos: z
    .array(
      z.object({
        url: postImage.refine((v) => v !== '', 'is required'),
        alt: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
      }),
    )
    .max(postPhotosMax, `must hold at most ${postPhotosMax} photos`)
    .refine((list) => new Set(list.map((p) => p.url)).size === list.length, 'must not hold a photo twice'),
};

/** `photos` replaces the single image's fields: a body with both is refused rather than guessed at. */
const photosOrImage = (p: { photos?: unknown; image?: unknown; mediaType?: unknown; alt?: unknown }) =>
  p.photos === undefined || (p.image === undefined && p.mediaType === undefined && p.alt === undefined);
const photosOrImageMessage = { message: 'cannot be sent with image, mediaType or alt', path: ['photos'] };

/** New post: text, media, or both; never neither. */
export const createPostBodySchema = z.object({
  postData: z
    .object({
      content: postFields.content.default(''),
      image: postFields.image.optional(),
      mediaType: postFields.mediaType.optional(),
      alt: postFields.alt.optional(),
      photos: postFields.photos.optional(),
      /** One of the author's own workouts, shown on the card. */
      workoutId: id.optional(),
      /** Unset: the author's default visibility. */
      visibility: z.enum(postVisibilities).optional(),
    })
    .refine(photosOrImage, photosOrImageMessage)
    .refine((p) => p.content.trim() !== '' || !!p.image || !!p.photos?.length || !!p.workoutId, {
      message: 'Add content to post',
      path: ['content'],
    }),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/** Edit: the given fields are merged into the post. */
export const editPostBodySchema = z.object({
  postData: z
    .object({
      content: postFields.content.optional(),
      image: postFields.image.optional(),
      mediaType: postFields.mediaType.optional(),
      alt: postFields.alt.optional(),
      /** The whole new list of photos (an empty one takes the media off); unset keeps them. */
      photos: postFields.photos.optional(),
      /** Another of the author's workouts, or null to take it off. */
      workoutId: id.nullable().optional(),
      /** Applies at once, in every list and to every reader. */
      visibility: z.enum(postVisibilities).optional(),
    })
    .refine(photosOrImage, photosOrImageMessage),
});
export type EditPostBody = z.infer<typeof editPostBodySchema>;

export const postResponseSchema = z.object({ post: postSchema });
export const postsResponseSchema = z.object({ posts: z.array(postSchema) });

export const postIdParamsSchema = z.object({ postId: id });
export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });
