import { apiErrors } from '@spotter/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** Fastify's own client errors, mapped to the contract's `{ errors: [...] }` with a clear message. */
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: apiErrors.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiErrors.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiErrors.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body.' },
};

/**
 * One place turns every failure into an answer: our HttpErrors and Fastify's client errors become
 * `{ errors: [message] }` with their 4xx; anything else is a bug, logged and answered as a bare 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ errors: error.messages, ...error.fields });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.code(known.status).send({ errors: [known.message] });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ errors: [apiErrors.malformedJson] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: [error.message] });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ error: apiErrors.internal });
  });
}

/**
 * The API speaks JSON only (uploads add multipart for their own route): other bodies get a 415.
 * JSON is parsed safely (`__proto__` and `constructor.prototype` refused); an empty body is no body.
 */
export function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8, a parameter
 * longer than the router takes) skip hooks and the error handler: they get the contract's shape here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff').header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ errors: [apiErrors.badUrl] });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ errors: [apiErrors.urlTooLong] });
  request.log.error({ err: error }, 'unexpected failure');
  return reply.code(500).send({ error: apiErrors.internal });
}
