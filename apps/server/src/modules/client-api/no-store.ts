import type { FastifyReply } from 'fastify';

/** RFC 6749 5.1: an answer carrying a token or a secret is never cached. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
