import type { UserSummary } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { usersByPublicIds } from '../accounts';
import { accountOf } from './entities';
import { originOf } from './origin';

/** People (a page's summaries) as Accounts, in the list's order, their rows read in one statement. */
export async function accountsOf(ctx: AppContext, request: FastifyRequest, people: readonly UserSummary[]) {
  const rows = await usersByPublicIds(
    ctx.db,
    people.map((person) => person._id),
  );
  const byId = new Map(rows.map((row) => [row.public_id, row]));
  const origin = originOf(request, ctx);
  return people.flatMap((person) => {
    const row = byId.get(person._id);
    return row ? [accountOf(row, origin)] : [];
  });
}
