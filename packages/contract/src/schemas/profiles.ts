import { z } from 'zod';
import { userSearchMaxLength } from '../constants';
import { timestamp } from './fields';
import { userSummarySchema } from './users';

/** A profile header: counts instead of the whole follower and following lists. */
export const profileSchema = userSummarySchema.extend({
  bio: z.string(),
  website: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  postCount: z.number().int(),
  /** Whether the signed-in person follows them (false when anonymous or oneself). */
  followedByMe: z.boolean(),
  /**
   * Present (true) only while the signed-in person's follow of a locked person on another server
   * waits for that server's Accept (issue 49, decision 106); `followedByMe` is false meanwhile.
   */
  followRequested: z.literal(true).optional(),
  /** Present (true) only when the signed-in person mutes them (issue 16). */
  mutedByMe: z.literal(true).optional(),
  /**
   * When the moderators suspended this person: present only on the profile a moderator opens (everyone
   * else gets 404 for a suspended account; decision 048).
   */
  suspendedAt: timestamp.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });

/** `Prefer: return=minimal` answer of follow and unfollow: the two profiles after the change. */
export const followMinimalResponseSchema = z.object({ user: profileSchema, followUser: profileSchema });

export const userSearchQuerySchema = z.object({
  q: z.string().trim().max(userSearchMaxLength, `must be at most ${userSearchMaxLength} characters`).default(''),
});

export const suggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const userSummariesResponseSchema = z.object({ users: z.array(userSummarySchema) });

/** One page of a follower or following list (issue 18); `nextCursor` is null on the last page. */
export const userPageSchema = z.object({
  users: z.array(userSummarySchema),
  nextCursor: z.string().nullable(),
});
export type UserPage = z.infer<typeof userPageSchema>;
