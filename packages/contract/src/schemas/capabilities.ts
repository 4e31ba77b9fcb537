import { z } from 'zod';

/**
 * GET /api/capabilities: the optional features this server has on, one boolean each, so the web app
 * shows only what works. New features add a key; a client treats a missing key as off.
 */
export const capabilitiesSchema = z.object({
  email: z.boolean().describe('Email (SMTP_URL is set): adding an email, verifying it, and "Forgot password?"'),
  federation: z
    .boolean()
    .describe('Federation (issue 49): people on other servers can be looked up, followed, and follow people here'),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;
