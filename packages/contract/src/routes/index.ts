/**
 * Every /api call Spotter answers, as plain data: no zod here, so the web app can import the table
 * on every screen (the login screen included) without loading a schema. The schemas of each call are
 * in schemas/by-route.ts under the same name; the server registers every route from both, and the
 * OpenAPI document is generated from both.
 *
 * One file per OpenAPI tag (./auth.ts, ./users.ts, ...), merged here into the one table. Its order is
 * the OpenAPI document's (its paths come in table order), so a tag whose calls sit in two places of
 * the table (the follow lists after the training log, the password reset near the end) has a group
 * for each place.
 */
import { authRoutes, passwordResetRoutes } from './auth';
import { capabilityRoutes } from './capabilities';
import { commentRoutes } from './comments';
import { emailRoutes } from './email';
import { followRequestRoutes, instanceBlockRoutes } from './federation-ops';
import { feedRoutes } from './feed';
import { mediaRoutes } from './media';
import { moderationRoutes } from './moderation';
import { notificationRoutes } from './notifications';
import { oauthRoutes } from './oauth';
import { postRoutes } from './posts';
import { safetyRoutes } from './safety';
import { searchRoutes } from './search';
import { apiPrefix, type RouteSpec } from './spec';
import { tagRoutes } from './tags';
import { todoRoutes } from './test-todos';
import { trainingRoutes } from './training';
import { twoFactorRoutes } from './two-factor';
import { followListRoutes, userRoutes } from './users';

export { apiPrefix, type RateLimitClass, type RouteSpec, rateLimitClasses } from './spec';

type Named<T extends Record<string, RouteSpec>> = { [K in keyof T]: T[K] & { name: K } };

/** Stamps each route with its own key, so a route object says which schemas are its own. */
function named<const T extends Record<string, RouteSpec>>(table: T): Named<T> {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, { ...route, name }])) as Named<T>;
}

export const routes = named({
  ...authRoutes,
  ...userRoutes,
  ...followRequestRoutes,
  ...twoFactorRoutes,
  ...postRoutes,
  ...feedRoutes,
  ...mediaRoutes,
  ...trainingRoutes,
  ...followListRoutes,
  ...commentRoutes,
  ...tagRoutes,
  ...searchRoutes,
  ...notificationRoutes,
  ...safetyRoutes,
  ...moderationRoutes,
  ...instanceBlockRoutes,
  ...passwordResetRoutes,
  ...emailRoutes,
  ...capabilityRoutes,
  ...oauthRoutes,
  ...todoRoutes,
});

/** The OpenAPI document of the table and its schemas (served beside the routes, not one of them). */
export const openApiPath = `${apiPrefix}/openapi.json`;

export type RouteName = keyof typeof routes;
/** Any route of the table (each entry of `routes` keeps its own literal types). */
export type Route = RouteSpec & { name: RouteName };
export const allRoutes = Object.values(routes) as Route[];

/**
 * GET /api/notifications/stream: Server-Sent Events, not a JSON call, so it is not in the table
 * (whose every route answers JSON once). Authenticated by the `authorization` header; `notification`
 * events carry `{ notification, unreadCount }`; a comment line every heartbeat; `Last-Event-ID` resumes.
 */
export const notificationStreamPath = `${apiPrefix}/notifications/stream`;
