import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

/** This server's origin as apps reach it: PUBLIC_URL, else the request's own. */
export const originOf = (request: FastifyRequest, ctx: AppContext) =>
  ctx.config.publicOrigin ?? `${request.protocol}://${request.host}`;
