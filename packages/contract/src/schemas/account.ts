import { z } from 'zod';
import { postVisibilities } from '../constants';
import { password } from './fields';

export const accountSettingsSchema = z.object({
  /** The visibility a new post gets unless its author picks another. */
  defaultVisibility: z.enum(postVisibilities),
  /** Each new follower from another server waits for the person's approval (issue 49). */
  lockedAccount: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsResponseSchema = z.object({ settings: accountSettingsSchema });

export const editAccountSettingsBodySchema = z.object({
  settings: z.object({
    defaultVisibility: z.enum(postVisibilities).optional(),
    lockedAccount: z.boolean().optional(),
  }),
});
export type EditAccountSettingsBody = z.input<typeof editAccountSettingsBodySchema>;

/** The account's password, asked again: a stolen token alone cannot erase an account. */
export const deleteAccountBodySchema = z.object({ password });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const accountDeletedResponseSchema = z.object({ deleted: z.literal(true) });

/** The ZIP's bytes (application/zip). */
export const accountExportSchema = z.string();
