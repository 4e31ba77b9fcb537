import type { RouteHandlers } from '../../http/add-route';
import { approveOauthAuthorization, oauthAuthorization } from './routes/authorization';

export const clientApiHandlers = {
  oauthAuthorization,
  approveOauthAuthorization,
} satisfies RouteHandlers;
