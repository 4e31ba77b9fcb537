import { emailErrors, verifyEmailPath } from '@spotter/contract';
import { badRequest, HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { verificationMail } from '../email-mails';
import { mailOutbox } from '../email-on';
import {
  accountEmailOf,
  cancelEmailVerification,
  redeemEmailToken,
  startEmailVerification,
} from '../queries/account-emails';

/** GET /api/users/me/email: the person's own email, for Settings. */
export const myEmail: Handler<'myEmail'> = async ({ user }, ctx) => {
  mailOutbox(ctx);
  return { email: await accountEmailOf(ctx.db, user.id) };
};

/**
 * POST /api/users/me/email (issue 45): the address waits for its link, which is mailed after the
 * answer (202). The verified address, if any, stays until the new one is verified. Typing the
 * verified address again drops the one waiting and mails nothing. The demo guest is shared by
 * everyone: it cannot have an email (403).
 */
export const setEmail: Handler<'setEmail'> = async ({ body, user }, ctx) => {
  const outbox = mailOutbox(ctx);
  if (isDemoGuest(user.public_id)) throw new HttpError(403, [emailErrors.demoGuestEmail]);
  const { address } = await accountEmailOf(ctx.db, user.id);
  if (address !== null && address.toLowerCase() === body.email.toLowerCase()) {
    await cancelEmailVerification(ctx.db, user.id);
    return { email: { address, pending: null } };
  }
  const token = await startEmailVerification(ctx.db, user.id, body.email);
  // The token rides in the fragment, which browsers never send: out of access logs and Referer.
  const link = `${ctx.config.publicOrigin ?? ''}${verifyEmailPath}#token=${token}`;
  const mail = verificationMail(body.email, user.username, link);
  outbox.post(async () => mail);
  return { email: { address, pending: body.email } };
};

/**
 * POST /api/auth/verify-email: the mailed link's token, once; no token needed (the link may be
 * opened on another device). A wrong, spent, replaced or expired token is one 400.
 */
export const verifyEmail: Handler<'verifyEmail'> = async ({ body }, ctx) => {
  mailOutbox(ctx);
  const done = await redeemEmailToken(ctx.db, body.token);
  if (!done) throw badRequest(emailErrors.verifyLinkInvalid);
  return { email: done.email };
};
