import { buildOpenApiDocument } from '@spotter/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Built once: it depends on the contract alone.
const document = buildOpenApiDocument();

/** GET /api/openapi.json: the machine-readable contract, generated from the route table and its schemas. */
export async function openApiDocument(_request: FastifyRequest, _reply: FastifyReply) {
  return document;
}
