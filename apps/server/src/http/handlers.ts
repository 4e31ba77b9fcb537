import type { RouteName } from '@spotter/contract';
import { accountsHandlers } from '../modules/accounts/handlers';
import { clientApiHandlers } from '../modules/client-api/handlers';
import { conversationHandlers } from '../modules/conversation/handlers';
import { federationHandlers } from '../modules/federation/handlers';
import { mediaHandlers } from '../modules/media/handlers';
import { moderationHandlers } from '../modules/moderation/handlers';
import { notificationsHandlers } from '../modules/notifications/handlers';
import { postsHandlers } from '../modules/posts/handlers';
import { safetyHandlers } from '../modules/safety/handlers';
import { searchHandlers } from '../modules/search/handlers';
import { socialHandlers } from '../modules/social/handlers';
import { testTodosHandlers } from '../modules/test-todos/handlers';
import { trainingHandlers } from '../modules/training/handlers';
import type { Handler } from './add-route';

/**
 * The handler of every route of the contract's table: each module lists its own (modules/<m>/handlers.ts,
 * one file per endpoint in modules/<m>/routes/). A route without a handler here does not compile, and
 * a module naming a route that is not in the table does not either.
 */
export const handlers: { [K in RouteName]: Handler<K> } = {
  ...accountsHandlers,
  ...socialHandlers,
  ...postsHandlers,
  ...conversationHandlers,
  ...notificationsHandlers,
  ...trainingHandlers,
  ...safetyHandlers,
  ...searchHandlers,
  ...moderationHandlers,
  ...mediaHandlers,
  ...testTodosHandlers,
  ...clientApiHandlers,
  ...federationHandlers,
};
