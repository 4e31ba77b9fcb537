import { emailErrors } from '@spotter/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import type { MailOutbox } from '../../mail/outbox';

/** The outbox, or 404 when the server has no SMTP_URL (GET /api/capabilities says `email: false`). */
export function mailOutbox(ctx: Pick<AppContext, 'mail'>): MailOutbox {
  if (!ctx.mail) throw new HttpError(404, [emailErrors.emailOff]);
  return ctx.mail;
}
