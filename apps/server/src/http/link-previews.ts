import type { CardPost } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { findProfileUser } from '../modules/accounts';
import { cardById } from '../modules/posts';
import { ownOrigin } from '../security/cross-origin';
import { excerptOf, type LinkPreview } from './link-preview-head';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a shared link previews, read as an anonymous visitor would (issue 47, item 12; decision 088):
 * a public post whose author is not suspended and that was not removed, or someone not suspended.
 * Anything else (followers-only, private, removed, suspended, unknown) previews nothing.
 */
export async function postPreview(
  ctx: AppContext,
  request: FastifyRequest,
  postId: string,
): Promise<LinkPreview | undefined> {
  if (!uuid.test(postId)) return undefined;
  const post = await cardById(ctx.db, postId, undefined);
  if (!post) return undefined;
  const origin = ownOrigin(request, ctx.config);
  const author = authorOf(post.author);
  const photo = post.photos[0];
  const image = photo ? absoluteUrl(photo.url, origin) : undefined;
  return {
    type: 'article',
    title: `${author} on Spotter`,
    description: excerptOf(post.content),
    url: origin ? `${origin}/postpage/${post._id}` : undefined,
    image: image && photo ? { url: image, alt: photo.alt } : undefined,
    author,
  };
}

export async function profilePreview(
  ctx: AppContext,
  request: FastifyRequest,
  username: string,
): Promise<LinkPreview | undefined> {
  if (username.length > 64) return undefined;
  const user = await findProfileUser(ctx.db, username, undefined, false);
  if (!user) return undefined;
  const origin = ownOrigin(request, ctx.config);
  const author = authorOf({ firstname: user.firstname, lastname: user.lastname, username: user.username });
  const avatar = absoluteUrl(user.avatar_url, origin);
  return {
    type: 'profile',
    title: `${author} on Spotter`,
    description: excerptOf(user.bio),
    url: origin ? `${origin}/profilepage/${encodeURIComponent(user.username)}` : undefined,
    image: avatar ? { url: avatar, alt: null } : undefined,
    author,
  };
}

const authorOf = (user: Pick<CardPost['author'], 'firstname' | 'lastname' | 'username'>) => {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name ? `${name} (@${user.username})` : `@${user.username}`;
};

/** An https/http URL as it is; a path on this server made absolute when its origin is known. */
function absoluteUrl(url: string, origin: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//') && origin) return `${origin}${url}`;
  return undefined;
}
