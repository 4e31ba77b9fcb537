import { z } from 'zod';
import { searchMaxLength, searchTypes } from '../constants';
import { cardPostSchema, pageQuerySchema } from './pages';
import { userSummarySchema } from './users';

/** GET /api/search: the text, which kind to find (people by default), and a page. */
export const searchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(searchMaxLength, `must be at most ${searchMaxLength} characters`).default(''),
  type: z.enum(searchTypes).default('people'),
});

/** A hashtag and how many posts the caller may see carry it. */
export const tagCountSchema = z.object({ tag: z.string(), posts: z.number().int() });

/** nextCursor: null on the last page. */
const next = { nextCursor: z.string().nullable() };

/** One page of the kind asked for, named by `type`. */
export const searchResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('people'), users: z.array(userSummarySchema), ...next }),
  z.object({ type: z.literal('posts'), posts: z.array(cardPostSchema), ...next }),
  z.object({ type: z.literal('tags'), tags: z.array(tagCountSchema), ...next }),
]);
export type SearchResponse = z.infer<typeof searchResponseSchema>;
