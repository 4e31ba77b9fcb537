import http from 'node:http';
import { apiErrors, requestBodyLimitBytes } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lingerLimits } from '../src/http/lingering-close';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  /** The error the client saw while sending, if any (after the answer, that is fine). */
  sendError?: string;
}

/**
 * A plain Node client, as a script or another server would send it: the whole body written at once,
 * no `Expect: 100-continue`, a new connection each time.
 */
function send(port: number, path: string, headers: http.OutgoingHttpHeaders, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false });
    let answer: Answer | undefined;
    let sendError: string | undefined;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, connection: res.headers.connection, body: text };
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      sendError = error.code;
    });
    // Settled once the connection is gone: an error before any answer is what this file is about.
    req.on('close', () => {
      if (answer) resolve({ ...answer, sendError });
      else reject(new Error(`no answer, the client saw ${sendError}`));
    });
    req.end(body);
  });
}

async function healthy(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/posts`, { headers: { connection: 'close' } });
  return res.status;
}

const multipart = (bytes: number) => {
  const boundary = 'spotter-lingering-close';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`;
  const pngSignature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(head),
      pngSignature,
      Buffer.alloc(bytes, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

describe('an answer sent before the body has arrived reaches a plain client (lingering close)', () => {
  const t = useTestApp((defaults) => ({ media: { ...defaults.media, maxImageBytes: 1024 * 1024 } }), {
    mediaSweep: false,
  });
  let port: number;
  let token: string;

  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    port = (t().app.server.address() as { port: number }).port;
    token = (await t().login(guest.username, guest.password)).token;
  });
  afterAll(async () => {
    await t().app.close();
  });

  it('a 5 MB post reads its 413, and the next request on a new connection is answered', async () => {
    const body = Buffer.alloc(5 * 1024 * 1024, 'a');
    // Without the linger, about one try in two lost the answer to EPIPE: five in a row must all read it.
    for (let i = 0; i < 5; i++) {
      const answer = await send(port, '/api/posts', { 'content-type': 'application/json', authorization: token }, body);
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ errors: [apiErrors.bodyTooLarge] });
      expect(await healthy(port)).toBe(200);
    }
    expect(body.length).toBeGreaterThan(requestBodyLimitBytes);
  });

  it('a too-large photo reads its 413 while the rest of it is still on its way', async () => {
    const { contentType, body } = multipart(5 * 1024 * 1024);
    for (let i = 0; i < 5; i++) {
      const answer = await send(port, '/api/media', { 'content-type': contentType, authorization: token }, body);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ errors: [apiErrors.imageTooLarge] });
      expect(await healthy(port)).toBe(200);
    }
  });

  it('an upload without a token reads its 401, refused before a byte of the file was read', async () => {
    const { contentType, body } = multipart(5 * 1024 * 1024);
    const answer = await send(port, '/api/media', { 'content-type': contentType }, body);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ errors: [apiErrors.invalidToken] });
    expect(await healthy(port)).toBe(200);
  });

  it('stops reading a body that goes on past the bound, and closes the connection', async () => {
    const { contentType, body } = multipart(lingerLimits.bytes * 2);
    const answer = await send(port, '/api/media', { 'content-type': contentType, authorization: token }, body);
    expect(answer.status).toBe(413);
    // The server read what the bound allows, then closed: the client could not send it all.
    expect(answer.sendError).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(await healthy(port)).toBe(200);
  });
});
