import { apiErrors } from '@spotter/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A path no route answers: the contract's JSON 404 (never the web app's HTML). */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ errors: [apiErrors.routeNotFound] });
}
