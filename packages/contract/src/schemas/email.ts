import { z } from 'zod';
import { emailMaxLength } from '../email';

/** An address as zod's email format checks it (no hand-written pattern), trimmed, at most 254 characters. */
export const emailAddress = z
  .string()
  .trim()
  .max(emailMaxLength, `must be at most ${emailMaxLength} characters`)
  .pipe(z.email('must be an email address'));

/**
 * A person's email (issue 45), shown only to that person: in their own user object, their export
 * and GET /api/users/me/email; never in anyone else's answer.
 */
export const accountEmailSchema = z.object({
  address: z.string().nullable().describe('The verified address a recovery link is mailed to; null until one is'),
  pending: z
    .string()
    .nullable()
    .describe('An address added but not yet verified (its link is in that mailbox); null when none waits'),
});
export type AccountEmail = z.infer<typeof accountEmailSchema>;

export const accountEmailResponseSchema = z.object({ email: accountEmailSchema });

export const setEmailBodySchema = z.object({ email: emailAddress });
export type SetEmailBody = z.infer<typeof setEmailBodySchema>;

export const verifyEmailBodySchema = z.object({ token: z.string().min(1).max(200) });
export const emailVerifiedResponseSchema = z.object({ email: accountEmailSchema });

/** Any username-shaped text: an unknown one is answered exactly as a known one. */
export const forgotPasswordBodySchema = z.object({ username: z.string().trim().min(1, 'is required').max(64) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ accepted: z.literal(true) });
