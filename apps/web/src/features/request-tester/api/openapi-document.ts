import { openApiPath } from '@spotter/contract';
import { queryOptions } from '@tanstack/react-query';

/**
 * The server's OpenAPI document (GET /api/openapi.json), where the tester finds a picked call's
 * request body schema. Asked the first time an endpoint is picked, not when the page opens, and kept.
 */
export const openApiDocumentOptions = () =>
  queryOptions({
    queryKey: ['request-tester', 'openapi'] as const,
    queryFn: async ({ signal }): Promise<unknown> => {
      const response = await fetch(openApiPath, { headers: { accept: 'application/json' }, signal });
      if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
      return response.json();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
