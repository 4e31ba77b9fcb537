import { z } from 'zod';
import { passwordLength, usernameRule } from '../constants';
import { apiErrors } from '../messages';
import { isHttpUrl, isSameOriginPath } from '../urls';

export const httpUrl = z.string().max(2048).refine(isHttpUrl, 'must be an http(s) URL');

/** Avatars are either one of the presets served by the app or an http(s) URL. */
export const avatarUrl = z
  .string()
  .max(2048)
  .refine((v) => isHttpUrl(v) || isSameOriginPath(v), 'must be an http(s) URL or a path on this site');

/** A post's image: uploaded media (`/media/...`), an http(s) URL, or empty for none. */
export const postImage = z
  .string()
  .max(2048)
  .refine(
    (v) => v === '' || isHttpUrl(v) || (isSameOriginPath(v) && v.startsWith('/media/')),
    'must be an http(s) URL or an uploaded media URL',
  );

/** Handles appear in URLs (/profilepage/{username}), so they are kept to a URL-safe alphabet. */
export const username = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(usernameRule.maxLength, `must be at most ${usernameRule.maxLength} characters`)
  .regex(usernameRule.pattern, 'may only contain letters, digits, "_" and "."');

export const personName = z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters');

/**
 * A password as typed at login or as the current one: any stored password must still be accepted,
 * including ones chosen before the length rule. Bounded so that hashing it is not a denial of service.
 */
export const password = z.string().min(1, 'is required').max(256, 'must be at most 256 characters');

/** A password being chosen (sign-up, change): docs/decisions/014-password-length.md. */
export const newPassword = z
  .string()
  .min(passwordLength.min, apiErrors.passwordTooShort)
  .max(passwordLength.max, apiErrors.passwordTooLong);

export const bio = z.string().max(500, 'must be at most 500 characters');

export const website = z.union([z.literal(''), httpUrl]);

/** ISO 8601 timestamp with an offset, e.g. 2026-11-23T09:15:00.000+00:00 */
export const timestamp = z.string();

export const id = z.string().min(1).max(64);
