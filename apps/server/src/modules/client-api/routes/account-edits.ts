import { presetAvatars } from '@spotter/contract';
import { describeIssues, editProfileBodySchema } from '@spotter/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { handlers } from '../../../http/handlers';
import { findUserById, updateProfile } from '../../accounts';
import { requireUserScope } from '../caller';
import { credentialAccountOf } from '../entities';
import { invalidToken, validationFailed } from '../oauth-error';
import { originOf } from '../origin';
import { relationshipsAnswer } from '../relationships';

type IdParams = { Params: { id: string } };

/**
 * Mastodon's profile fields as a list of `{ name, value }`, from JSON (an array, or an object keyed
 * by index) or a form (`fields_attributes[0][name]=...`).
 */
function fieldsOf(body: Record<string, unknown>): { name: string; value: string }[] | undefined {
  const given = body.fields_attributes;
  if (Array.isArray(given) || (typeof given === 'object' && given !== null)) {
    return Object.values(given as Record<string, { name?: unknown; value?: unknown }>).map((field) => ({
      name: String(field?.name ?? ''),
      value: String(field?.value ?? ''),
    }));
  }
  const byIndex = new Map<string, { name: string; value: string }>();
  for (const [key, value] of Object.entries(body)) {
    const match = /^fields_attributes\[(\d+)\]\[(name|value)\]$/.exec(key);
    if (!match?.[1] || !match[2] || typeof value !== 'string') continue;
    const field = byIndex.get(match[1]) ?? { name: '', value: '' };
    field[match[2] as 'name' | 'value'] = value;
    byIndex.set(match[1], field);
  }
  return byIndex.size > 0 ? [...byIndex.values()] : undefined;
}

/**
 * Spotter's profile edit from Mastodon's fields: `note` is the bio, `display_name` the first name
 * and last name (split at the first space), the one profile field Spotter has is the website (the
 * first field's value; none clears it), and `avatar` one of the preset pictures by its address
 * (Spotter takes no avatar upload). Other fields (`locked`, `bot`, `header`...) are not Spotter's.
 */
function profileChangesOf(body: Record<string, unknown>) {
  const changes: Record<string, string> = {};
  if (typeof body.note === 'string') changes.bio = body.note;
  if (typeof body.display_name === 'string') {
    const name = body.display_name.trim();
    const space = name.indexOf(' ');
    changes.firstname = space === -1 ? name : name.slice(0, space);
    changes.lastname = space === -1 ? '' : name.slice(space + 1).trim();
  }
  const fields = fieldsOf(body);
  if (fields) changes.website = fields.find((field) => field.value.trim() !== '')?.value.trim() ?? '';
  if (typeof body.avatar === 'string') {
    if (!(presetAvatars as readonly string[]).includes(body.avatar.replace(/^https?:\/\/[^/]+/, ''))) {
      throw validationFailed(`avatar must be one of the preset pictures: ${presetAvatars.join(', ')}`);
    }
    changes.avatarUrl = body.avatar.replace(/^https?:\/\/[^/]+/, '');
  }
  return changes;
}

/** The caller's profile, blocks and mutes (issue 50), through Spotter's own rules. */
export function accountEditRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.patch('/accounts/update_credentials', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:accounts');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = editProfileBodySchema.safeParse({ userData: profileChangesOf(body) });
    if (!parsed.success) throw validationFailed(describeIssues(parsed.error).join('; '));
    const { username: _unchanged, ...changes } = parsed.data.userData;
    await updateProfile(ctx.db, user.id, changes);
    const row = await findUserById(ctx.db, user.id);
    if (!row) throw invalidToken();
    return credentialAccountOf(row, originOf(request, ctx));
  });

  for (const [action, handler, scope] of [
    ['block', 'blockUser', 'write:blocks'],
    ['unblock', 'unblockUser', 'write:blocks'],
    ['mute', 'muteUser', 'write:mutes'],
    ['unmute', 'unmuteUser', 'write:mutes'],
  ] as const) {
    // Spotter's own block and mute handlers (404 for someone not found, 400 for oneself): the safety
    // module's action uses doors that use safety's, so its door cannot carry it without a cycle.
    v1.post<IdParams>(`/accounts/:id/${action}`, async (request, reply) => {
      const { user } = await requireUserScope(request, ctx, scope);
      const input = { params: { userId: request.params.id }, query: {}, body: undefined, minimal: false };
      // The four take the same input (the person in the URL): typed as the block's.
      await (handlers[handler] as (typeof handlers)['blockUser'])(
        { ...input, user, request, reply } as Parameters<(typeof handlers)['blockUser']>[0],
        ctx,
      );
      const [relationship] = await relationshipsAnswer(ctx, user.id, [request.params.id]);
      return relationship ?? { id: request.params.id };
    });
  }
}
