import { z } from 'zod';

/** GET /api/auth/guest: the login screen offers 'Login as Guest' only where it can work. */
export const guestAccountSchema = z.object({
  guest: z.boolean().describe("true when the guest account exists (the demo network's, made by SEED)"),
});
