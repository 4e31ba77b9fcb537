import { Readable } from 'node:stream';
import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FederationConfig } from '../../config';
import type { AppContext } from '../../context';
import { erasedActorAt } from '../erasure';
import { sharedInboxPath } from './inbox';
import { bufferedBody } from './inbox-gate';
import { enqueuedAnswer, type InboxIntake } from './inbox-intake';
import { instanceIdentifier } from './instance-actor';
import { findLocalActor, findLocalActorByUsername } from './queries/people';

/** Paths Fedify answers; everything else never reaches it. */
const federationPaths = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/', '/ap/'];
const profilePage = /^\/profilepage\/([^/?#]+)\/?(?:\?.*)?$/;
const activityTypes = /application\/(activity\+json|ld\+json)/i;
const personalInbox = /^\/ap\/users\/([^/?#]+)\/inbox$/;

/** Whether a request's path is one Fedify answers (another server's request, not a person's). */
export const isFederationPath = (url: string) => federationPaths.some((prefix) => url.startsWith(prefix));

/** Fedify's "nothing here": an unknown actor, object or collection. */
const notMine = new Response(null, { status: 404 });
/** Fedify's "not in a form you take": a browser's GET of an actor or a Note, which the web app answers. */
const notAcceptable = new Response(null, { status: 406 });

/**
 * The first thing a federation request meets (issue 49): before Fastify parses a body, so the bytes
 * Fedify checks against the Digest and the signature are the ones that were sent. Fedify's 404 is the
 * answer; a browser's GET that Fedify does not serve as HTML goes on to the web app. A
 * profile page asked for as ActivityPub is the person's actor (content negotiation), or `410 Gone`
 * for an erased person's; a browser still gets the page.
 */
export function installFederationHook(
  app: FastifyInstance,
  federation: Federation<AppContext>,
  config: FederationConfig,
  appContext: AppContext,
  intake?: InboxIntake,
) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    const ours = isFederationPath(path);
    if (!ours) {
      const profile = profilePage.exec(path);
      if (profile?.[1] && request.method === 'GET' && activityTypes.test(request.headers.accept ?? '')) {
        return answerProfileAsActor(reply, appContext, decodeURIComponent(profile[1]));
      }
      return;
    }
    if (intake && (await takeAtTheDoor(intake, request, config.origin, appContext))) {
      return reply.code(202).type('text/plain; charset=utf-8').send(enqueuedAnswer);
    }
    const response = await federation.fetch(toWebRequest(request, config.origin), {
      contextData: appContext,
      onNotFound: () => notMine,
      onNotAcceptable: () => notAcceptable,
    });
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (response === notAcceptable && page) return;
    if (response === notMine && page && (await isErasedHandle(appContext, request.url, config.origin))) {
      return reply
        .code(410)
        .header('access-control-allow-origin', '*')
        .send({ errors: [accountDeleted] });
    }
    // Nothing else answers a federation path: an unknown actor or resource is a 404, not the web app's
    // page (which a server asking for JSON would take as a 200). A body Fedify has begun reading
    // cannot be parsed again either.
    if (response === notMine || response === notAcceptable) return reply.code(404).send({ errors: ['Not found'] });
    return sendResponse(reply, response);
  });

  app.get('/.well-known/host-meta', async (_request, reply) => {
    reply.type('application/xrd+xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n  <Link rel="lrdd" template="${config.origin}/.well-known/webfinger?resource={uri}"/>\n</XRD>\n`;
  });
}

const accountDeleted = 'This account has been deleted.';

/**
 * A delivery to the shared inbox or to a person of this server's, offered to the intake first
 * (decision 112); false: Fedify answers it.
 */
async function takeAtTheDoor(
  intake: InboxIntake,
  request: FastifyRequest,
  origin: string,
  ctx: AppContext,
): Promise<boolean> {
  const body = bufferedBody(request);
  if (request.method !== 'POST' || !body) return false;
  const path = request.url.split('?')[0] ?? '';
  let recipient: string | null = null;
  if (path !== sharedInboxPath) {
    const identifier = personalInbox.exec(path)?.[1];
    if (!identifier) return false;
    recipient = decodeURIComponent(identifier);
    if (recipient !== instanceIdentifier && !(await findLocalActor(ctx.db, recipient))) return false;
  }
  return intake.take({ url: `${origin}${request.url}`, headers: headersOf(request), body }, recipient);
}

/**
 * Whether a WebFinger query Fedify found nobody for names an erased person of this server: it answers
 * 410 Gone then, as the actor and the profile URL do (decision 110) and as Mastodon's WebFinger does for
 * a deleted account, so that other servers drop the name rather than retry it.
 */
async function isErasedHandle(ctx: AppContext, url: string, origin: string): Promise<boolean> {
  if (!url.startsWith('/.well-known/webfinger')) return false;
  const resource = new URL(url, origin).searchParams.get('resource') ?? '';
  const handle = /^acct:([^@]+)@([^@]+)$/.exec(resource);
  if (!handle?.[1] || handle[2]?.toLowerCase() !== new URL(origin).host.toLowerCase()) return false;
  return (await erasedActorAt(ctx.db, { username: handle[1] })) !== undefined;
}

async function answerProfileAsActor(reply: FastifyReply, ctx: AppContext, username: string) {
  const user = await findLocalActorByUsername(ctx.db, username);
  if (!user) {
    // An erased person's profile is gone, as their actor is (decision 110); a name never used falls
    // through to the web app's own answer.
    if ((await erasedActorAt(ctx.db, { username })) === undefined) return;
    reply.header('vary', 'Accept');
    return reply.code(410).send({ errors: [accountDeleted] });
  }
  const origin = ctx.config.federation?.origin ?? '';
  reply.header('vary', 'Accept');
  return reply.redirect(`${origin}/ap/users/${user.public_id}`, 303);
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = headersOf(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${origin}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody ? (bufferedBody(request) ?? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>)) : undefined,
    // Node's fetch needs this for a streamed body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : '';
  return reply.send(body);
}
