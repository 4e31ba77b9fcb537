import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRedactions } from '../app';
import { requestLoggerFactory } from './request-logger';

/** A server logging as Spotter's does (redaction included), its lines kept. */
async function serverAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      redact: { paths: logRedactions, censor: '[redacted]' },
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    },
    childLoggerFactory: requestLoggerFactory,
  });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug({ detail: 1 }, 'a debug line');
    return { ok: true };
  });
  app.get('/careless', async (request) => {
    request.log.warn({ body: { password: 'never-in-a-log' } }, 'careless');
    request.log.child({ part: 'inner' }).error('from a child');
    return { ok: true };
  });
  app.get('/own-level', { logLevel: 'debug' }, async (request) => {
    request.log.debug('debug on this route');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe("a request's logger", () => {
  it('writes nothing below the log level', async () => {
    const { app, lines } = await serverAt('warn');
    const res = await app.inject({ method: 'GET', url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes the lines its level lets through with the request's id, redacted, its children too", async () => {
    const { app, lines } = await serverAt('warn');
    const res = await app.inject({ method: 'GET', url: '/careless' });
    expect(res.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['careless', 'from a child']);
    const [careless, inner] = lines;
    expect(typeof careless?.reqId).toBe('string');
    expect(careless?.body).toEqual({ password: '[redacted]' });
    expect(inner).toMatchObject({ reqId: careless?.reqId, part: 'inner', level: 50 });
    expect(JSON.stringify(lines)).not.toContain('never-in-a-log');
    await app.close();
  });

  it("at info, Fastify's request lines and the handler's carry the same id", async () => {
    const { app, lines } = await serverAt('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'an info line', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    await app.close();
  });

  it('a route with a level of its own logs at that level', async () => {
    const { app, lines } = await serverAt('warn');
    await app.inject({ method: 'GET', url: '/own-level' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'debug on this route', 'request completed']);
    await app.close();
  });
});
