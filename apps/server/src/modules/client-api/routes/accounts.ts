import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { findUserById } from '../../accounts';
import { requireUserScope } from '../caller';
import { credentialAccountOf } from '../entities';
import { invalidToken } from '../oauth-error';
import { originOf } from '../origin';

/** GET /api/v1/accounts/verify_credentials: the token's person, as a CredentialAccount (scope read:accounts, or profile as Mastodon 4.3 allows). */
export function accountRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.get('/accounts/verify_credentials', async (request) => {
    const { user } = await requireUserScope(request, ctx, ['read:accounts', 'profile']);
    const row = await findUserById(ctx.db, user.id);
    if (!row) throw invalidToken();
    return credentialAccountOf(row, originOf(request, ctx));
  });
}
