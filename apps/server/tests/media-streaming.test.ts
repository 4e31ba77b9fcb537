import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors, defaultMediaLimitsMb } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp({}, { mediaSweep: false });

let port: number;
let token: string;

beforeAll(async () => {
  await t().app.listen({ port: 0, host: '127.0.0.1' });
  port = (t().app.server.address() as AddressInfo).port;
  token = (await t().login(guest.username, guest.password)).token;
});

/**
 * Sends the start of a multipart upload, `head` then zeros up to `bytes`, and never ends the body:
 * only a server that refuses while the file is still arriving answers at all.
 */
function sendWithoutEnding(
  head: Buffer,
  bytes: number,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  const boundary = 'spotter-streaming-test';
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection });
      });
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024);
    for (let sent = head.length; sent < bytes; sent += chunk.length) request.write(chunk);
  });
}

describe('the size limits with their defaults, over real HTTP', () => {
  it(`refuses a photo over ${defaultMediaLimitsMb.image} MB while it is still being sent`, async () => {
    const answer = await sendWithoutEnding(await files.jpegWithGps(), (defaultMediaLimitsMb.image + 2) * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ errors: [apiErrors.imageTooLarge] });
    // The rest of the body is not wanted: the server closes the connection instead of reading on.
    expect(answer.connection).toBe('close');
  });

  it(`refuses a video over ${defaultMediaLimitsMb.video} MB while it is still being sent`, async () => {
    const answer = await sendWithoutEnding(
      await files.mp4WithLocation(),
      (defaultMediaLimitsMb.video + 2) * 1024 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ errors: [apiErrors.videoTooLarge] });
  });

  it('refuses a wrong type after its first bytes, and leaves no partial file', async () => {
    const answer = await sendWithoutEnding(Buffer.from('%PDF-1.7\n'), 8 * 1024 * 1024);
    expect(answer.status).toBe(415);
    expect(fs.readdirSync(t().config.media.tmpDir)).toEqual([]);
    const rows = await t().db.kysely.selectFrom('media').select('id').execute();
    expect(rows).toEqual([]);
  });
});
