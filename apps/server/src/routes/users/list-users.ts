import { endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { allUsers } from '../../queries/users';
import { addRoute } from '../define';

export function listUsersRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.listUsers, async () => ({ users: await allUsers(ctx.db) }));
}
