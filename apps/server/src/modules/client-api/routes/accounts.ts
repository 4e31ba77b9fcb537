import { apiErrors } from '@spotter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { findUserById, findVisibleUserByPublicId } from '../../accounts';
import { followPerson, unfollowPerson } from '../../social';
import { callerOf, requireUserScope } from '../caller';
import { accountOf, credentialAccountOf } from '../entities';
import { invalidToken, MastodonError, recordNotFound } from '../oauth-error';
import { originOf } from '../origin';
import { relationshipsAnswer } from '../relationships';

type IdParams = { Params: { id: string } };

/** `id[]=a&id[]=b`, `id=a` or a repeated `id`, as clients send them. */
function idsOf(request: FastifyRequest): string[] {
  const query = request.query as Record<string, string | string[] | undefined>;
  const values = [query.id, query['id[]']].flat().filter((value): value is string => typeof value === 'string');
  return [...new Set(values)].slice(0, 40);
}

/** Accounts (issue 50): the caller's own, one by id, follow and unfollow, relationships. */
export function accountRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.get('/accounts/verify_credentials', async (request) => {
    // Mastodon 4.3's `profile` is enough to learn who signed in.
    const { user } = await requireUserScope(request, ctx, ['read:accounts', 'profile']);
    const row = await findUserById(ctx.db, user.id);
    if (!row) throw invalidToken();
    return credentialAccountOf(row, originOf(request, ctx));
  });

  v1.get('/accounts/relationships', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:follows');
    return relationshipsAnswer(ctx, user.id, idsOf(request));
  });

  // Public, as Mastodon's: a token, when one comes, must hold and makes its person the viewer.
  v1.get<IdParams>('/accounts/:id', async (request) => {
    const caller = await callerOf(request, ctx);
    const row = await findVisibleUserByPublicId(ctx.db, request.params.id, caller?.user?.id);
    if (!row) throw recordNotFound();
    return accountOf(row, originOf(request, ctx));
  });

  // Mastodon's follow and unfollow are idempotent: both answer the Relationship as it now stands.
  v1.post<IdParams>('/accounts/:id/follow', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:follows');
    const outcome = await followPerson(ctx, user.id, request.params.id, request.log);
    if (outcome === 'no-user') throw recordNotFound();
    if (outcome === 'no-actor') throw invalidToken();
    if (outcome === 'self') throw new MastodonError(403, apiErrors.cannotFollowSelf);
    const [relationship] = await relationshipsAnswer(ctx, user.id, [request.params.id]);
    if (!relationship) throw recordNotFound();
    return relationship;
  });

  v1.post<IdParams>('/accounts/:id/unfollow', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:follows');
    const outcome = await unfollowPerson(ctx, user.id, request.params.id, request.log);
    if (outcome === 'no-user') throw recordNotFound();
    const [relationship] = await relationshipsAnswer(ctx, user.id, [request.params.id]);
    if (!relationship) throw recordNotFound();
    return relationship;
  });
}
