import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { recoveryMail } from '../email-mails';
import { mailOutbox } from '../email-on';
import { recoveryAddressOf } from '../queries/account-emails';
import { makeResetLink } from '../reset-link';

/**
 * POST /api/auth/forgot-password (issue 45): always 202 with the same body, whatever the username.
 * The request itself does the same work for every username, none: the lookup, the recovery link
 * (decision 036: one hour, single use, ends every session) and the mail all happen in the outbox
 * after the answer, so neither the answer nor its timing tells whether the account exists or has a
 * verified email. Its budgets (per IP, per username) are spent before it runs.
 */
export const forgotPassword: Handler<'forgotPassword'> = async ({ body }, ctx) => {
  const outbox = mailOutbox(ctx);
  const username = body.username;
  outbox.post(async () => {
    const found = await recoveryAddressOf(ctx.db, username);
    if (!found || isDemoGuest(found.publicId)) return undefined;
    const link = await makeResetLink(ctx.db, ctx.config, found.userId);
    return recoveryMail(found.address, found.username, link.url);
  });
  return { accepted: true };
};
