/**
 * `@spotter/contract/schemas`: the zod schemas of every route, the types inferred from them, the
 * OpenAPI document built from them. The server validates with these; the web app imports only types
 * from here (its screens must not load zod: see the plain entry, ../index.ts).
 */
export * from './account';
export * from './by-route';
export * from './capabilities';
export * from './comments';
export * from './email';
export * from './errors';
export * from './exercises';
export * from './federated-workout';
export * from './fields';
export * from './guest';
export * from './mastodon';
export * from './media';
export * from './moderation';
export * from './notifications';
export * from './oauth';
export * from './openapi';
export * from './pages';
export * from './posts';
export * from './profiles';
export * from './routines';
export * from './safety';
export * from './search';
export * from './sessions';
export * from './tags';
export * from './todos';
export * from './training-stats';
export * from './two-factor';
export * from './users';
export * from './validation';
export * from './workout-import';
export * from './workouts';
