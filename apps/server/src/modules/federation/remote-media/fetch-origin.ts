import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { validatePublicUrl } from '@fedify/vocab-runtime';
import { remoteMediaTypes } from '../../media';

/** Why a remote file was not taken: our rule said no (`refused`), or its server did not answer well. */
export class OriginFetchError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface OriginLimits {
  allowPrivateAddresses: boolean;
  maxImageBytes: number;
  maxVideoBytes: number;
  timeoutMs: number;
  /** Whether a host is a blocked domain (checked at every redirect too). */
  isBlockedHost: (host: string) => Promise<boolean>;
}

export interface FetchedFile {
  file: string;
  contentType: string;
  byteSize: number;
}

const maxRedirects = 3;

/** A public address, or a refusal: the same rule as deliveries (public-address.ts), on an address literal. */
async function isPublicAddress(address: string): Promise<boolean> {
  try {
    await validatePublicUrl(address.includes(':') ? `http://[${address}]/` : `http://${address}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The connection's own lookup checks what it connects to, so a name that resolved to a public
 * address when checked and to a private one a moment later (DNS rebinding) is still refused.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, async (error, addresses) => {
    if (error) return callback(error, '', 0);
    const verdicts = await Promise.all(addresses.map((a) => isPublicAddress(a.address)));
    if (addresses.length === 0 || verdicts.includes(false)) {
      return callback(new OriginFetchError('refused', `${hostname} resolves to a private address`), '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [dns.LookupAddress];
    return callback(null, first.address, first.family);
  });
};

function request(url: URL, limits: OriginLimits, signal: AbortSignal): Promise<http.IncomingMessage> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, {
      signal,
      headers: { accept: 'image/*, video/mp4, video/webm' },
      ...(limits.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
    });
    req.on('response', resolve);
    req.on('error', reject);
  });
}

/** Counts the bytes going through and fails past the cap (a Content-Length may lie or be absent). */
function capped(maxBytes: number, seen: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      if (seen.bytes > maxBytes) return done(new OriginFetchError('refused', 'the file is over the size cap'));
      done(null, chunk);
    },
  });
}

/**
 * Fetches a remote file into `tmpDir` (decision 101): http(s) only, to a public address unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES, no blocked domain, at most three redirects each checked the
 * same way, an allowed media type, at most the upload size cap, within the timeout.
 */
export async function fetchOrigin(origin: string, tmpDir: string, limits: OriginLimits): Promise<FetchedFile> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(origin);
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OriginFetchError('refused', 'not http(s)');
    if (await limits.isBlockedHost(url.hostname)) throw new OriginFetchError('refused', 'a blocked domain');
    if (!limits.allowPrivateAddresses && !(await isPublicUrl(url.href))) {
      throw new OriginFetchError('refused', 'a private address');
    }
    const response = await request(url, limits, signal).catch((error: unknown) => {
      throw error instanceof OriginFetchError ? error : new OriginFetchError('unavailable', String(error));
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new OriginFetchError('unavailable', 'too many redirects');
      url = new URL(response.headers.location, url);
      continue;
    }
    return await saveBody(response, tmpDir, limits);
  }
}

async function isPublicUrl(url: string): Promise<boolean> {
  try {
    await validatePublicUrl(url);
    return true;
  } catch {
    return false;
  }
}

async function saveBody(response: http.IncomingMessage, tmpDir: string, limits: OriginLimits) {
  const status = response.statusCode ?? 0;
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const refuse = (reason: string, kind: 'refused' | 'unavailable' = 'refused') => {
    response.destroy();
    return new OriginFetchError(kind, reason);
  };
  if (status !== 200) throw refuse(`the origin answered ${status}`, 'unavailable');
  if (!remoteMediaTypes[contentType]) throw refuse(`a media type not allowed: ${contentType}`);
  const maxBytes = contentType.startsWith('video/') ? limits.maxVideoBytes : limits.maxImageBytes;
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw refuse('the file is over the size cap');
  await fsp.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `remote-${crypto.randomUUID()}`);
  const seen = { bytes: 0 };
  try {
    await pipeline(response, capped(maxBytes, seen), fs.createWriteStream(file));
  } catch (error) {
    await fsp.rm(file, { force: true });
    throw error instanceof OriginFetchError ? error : new OriginFetchError('unavailable', String(error));
  }
  return { file, contentType, byteSize: seen.bytes };
}
