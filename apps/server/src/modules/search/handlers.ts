import type { RouteHandlers } from '../../http/add-route';
import { search } from './routes/search';

/** The handlers of the search module's routes, for the registry (http/handlers.ts). */
export const searchHandlers = { search } satisfies RouteHandlers;
