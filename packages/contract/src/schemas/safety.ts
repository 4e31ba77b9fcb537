import { z } from 'zod';
import { userSummarySchema } from './users';

/**
 * What block, unblock, mute and unmute answer (issue 16): the other person and where the signed-in
 * person now stands with them. Each call is idempotent: blocking someone already blocked changes nothing.
 */
export const relationResponseSchema = z.object({
  user: userSummarySchema,
  blocked: z.boolean(),
  muted: z.boolean(),
});
export type Relation = z.infer<typeof relationResponseSchema>;
