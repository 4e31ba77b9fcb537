import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { cardById } from '../posts';
import { recordNotFound } from './oauth-error';
import { statusesOf } from './status-list';

/** A post the viewer may see, as a Status; Mastodon's 404 otherwise. */
export async function oneStatus(ctx: AppContext, request: FastifyRequest, postId: string, viewerId: Key | undefined) {
  const post = await cardById(ctx.db, postId, viewerId);
  const [status] = post ? await statusesOf(ctx, request, [post]) : [];
  if (!status) throw recordNotFound();
  return status;
}
