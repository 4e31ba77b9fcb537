import { z } from 'zod';

/** A hashtag in a URL: Unicode letters, digits and underscore (any case; stored lowercased). */
export const tagParamsSchema = z.object({
  tag: z
    .string()
    .min(1)
    .max(64, 'must be at most 64 characters')
    .regex(/^[\p{L}\p{N}_]+$/u, 'may only contain letters, digits and "_"')
    .transform((t) => t.toLowerCase()),
});

export const trendingTagsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), posts: z.number().int() })),
});
export type TrendingTags = z.infer<typeof trendingTagsSchema>;
