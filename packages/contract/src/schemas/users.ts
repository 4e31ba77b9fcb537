import { z } from 'zod';
import { accountEmailSchema } from './email';
import { avatarUrl, bio, id, newPassword, password, personName, timestamp, username, website } from './fields';
import { secondFactorCode } from './two-factor';

/** A user as shown inside other objects (followers, likedBy, a post's author). */
export const userSummarySchema = z.object({
  _id: id,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatarUrl: z.string(),
  /**
   * Present (true) only for a person on another server (issue 49), whose username is `name@host`;
   * absent for local people, whose answers stay as the spec wrote them (decision 093).
   */
  remote: z.literal(true).optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** The full user of SPEC §3. Never carries a password or its hash. */
export const userSchema = userSummarySchema.extend({
  bio: z.string(),
  website: z.string(),
  bookmarks: z.array(z.string()),
  followers: z.array(userSummarySchema),
  following: z.array(userSummarySchema),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Only in the person's own user object (issue 45); absent from everyone else's. */
  email: accountEmailSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'is required').max(30),
  password,
  /** Two-factor sign-in (issue 45): needed once the account has it on; ignored otherwise. */
  code: secondFactorCode.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const signupBodySchema = z.object({
  firstname: personName,
  lastname: personName,
  username,
  password: newPassword,
  avatarUrl: avatarUrl.optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginResponseSchema = z.object({ foundUser: userSchema, encodedToken: z.string() });
export const signupResponseSchema = z.object({ createdUser: userSchema, encodedToken: z.string() });

/**
 * Profile edit. Unknown keys (a client may send the whole user back) are dropped; the username may
 * be present only if it is unchanged.
 */
export const editProfileBodySchema = z.object({
  userData: z.object({
    avatarUrl: avatarUrl.optional(),
    bio: bio.optional(),
    website: website.optional(),
    firstname: personName.optional(),
    lastname: personName.optional(),
    username: z.string().optional(),
  }),
});
export type EditProfileBody = z.infer<typeof editProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: password,
  newPassword,
});

export const userResponseSchema = z.object({ user: userSchema });
export const usersResponseSchema = z.object({ users: z.array(userSchema) });
export const bookmarksResponseSchema = z.object({ bookmarks: z.array(z.string()) });
export const followResponseSchema = z.object({ user: userSchema, followUser: userSchema });
export const tokenResponseSchema = z.object({ encodedToken: z.string() });

export const userIdParamsSchema = z.object({ userId: id });

/** `acct=name@host` (a leading `@`, or `acct:`, allowed): someone on another server (issue 49). */
export const userLookupQuerySchema = z.object({
  acct: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .transform((v) => v.replace(/^acct:/i, '').replace(/^@/, ''))
    .pipe(z.string().regex(/^[^@\s/]+@[^@\s/]+$/, 'must be name@host')),
});
