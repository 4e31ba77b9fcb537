import { z } from 'zod';
import { userSummarySchema } from './users';

export const followRequestSchema = z.object({ user: userSummarySchema, requestedAt: z.string() });
export const followRequestsSchema = z.object({ requests: z.array(followRequestSchema) });
export type FollowRequest = z.infer<typeof followRequestSchema>;

export const followRequestAnsweredSchema = z.object({ userId: z.string(), approved: z.boolean() });

export const blockedDomainSchema = z.object({ domain: z.string(), reason: z.string(), createdAt: z.string() });
export type BlockedDomain = z.infer<typeof blockedDomainSchema>;

/** A server whose deliveries were given up on after 7 days: the follows that failed, since when. */
export const failingServerSchema = z.object({ host: z.string(), follows: z.number().int(), since: z.string() });
export type FailingServer = z.infer<typeof failingServerSchema>;

export const blockedDomainsSchema = z.object({
  domains: z.array(blockedDomainSchema),
  failing: z.array(failingServerSchema),
});

export const blockDomainBodySchema = z.object({
  domain: z.string().trim().min(1).max(253),
  reason: z.string().trim().max(500).default(''),
});
export type BlockDomainBody = z.input<typeof blockDomainBodySchema>;

export const blockDomainResponseSchema = z.object({
  domain: blockedDomainSchema,
  /** Follows between the server's people and ours that the block ended. */
  endedFollows: z.number().int(),
});

export const domainParamsSchema = z.object({ domain: z.string().min(1).max(253) });
export const unblockDomainResponseSchema = z.object({ domain: z.string() });
