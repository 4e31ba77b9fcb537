import { z } from 'zod';

/** The shape of every 4xx answer. */
export const errorBodySchema = z.object({ errors: z.array(z.string()) });

/** The shape of a 500 (SPEC §8): `{ "error": "Internal server error" }`. */
export const internalErrorSchema = z.object({ error: z.string() });
