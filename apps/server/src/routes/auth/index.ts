import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { loginRoute } from './login';
import { signupRoute } from './signup';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  loginRoute(app, ctx);
  signupRoute(app, ctx);
}
