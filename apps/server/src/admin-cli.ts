import type { Config } from './config';
import type { Db } from './db/database';
import { findUserByUsername, makeResetLink, turnOffTwoFactorAsOperator } from './modules/accounts';
import { blockDomain, blockedDomains, normalizeDomain, unblockDomain } from './modules/federation';
import { recordModeratorAction, setRole } from './modules/moderation';

/** A mistake in the command: its message is printed as it is, without a stack. */
export class AdminCommandError extends Error {}

const usage =
  'Use: npm run admin -- grant <username> | revoke <username> | reset-link <username> | turn-off-2fa <username>\n' +
  '       | block-domain <domain> [reason] | unblock-domain <domain> | blocked-domains\n' +
  '  grant       makes the account an admin (admins name moderators in the app, at /admin)\n' +
  '  revoke      makes an admin or moderator a member again\n' +
  '  reset-link  prints a one-time account-recovery link, valid for one hour\n' +
  '  turn-off-2fa    turns two-factor sign-in off for someone who lost their phone and recovery codes\n' +
  '  block-domain    refuses a server (and its subdomains): its deliveries, its people, every follow with them\n' +
  '  unblock-domain  takes a server off the block list (ended follows stay ended)\n' +
  '  blocked-domains lists the blocked servers';

const domainActions = ['block-domain', 'unblock-domain', 'blocked-domains'];

/** The instance block list (issue 49, decision 096). */
async function runDomainCommand(db: Db, action: string, args: string[]): Promise<string> {
  if (action === 'blocked-domains') {
    const list = await blockedDomains(db);
    if (list.length === 0) return 'No server is blocked.';
    return list.map((d) => `${d.domain}  ${d.createdAt}${d.reason ? `  ${d.reason}` : ''}`).join('\n');
  }
  const [input, ...reason] = args;
  const domain = input ? normalizeDomain(input) : undefined;
  if (!domain) throw new AdminCommandError(`Say which domain, as a host name (example.com).\n${usage}`);
  if (action === 'unblock-domain') {
    return (await unblockDomain(db, domain)) ? `${domain} is no longer blocked.` : `${domain} was not blocked.`;
  }
  const { added, endedFollows } = await blockDomain(db, domain, reason.join(' ').slice(0, 500));
  const ended = endedFollows === 1 ? '1 follow ended' : `${endedFollows} follows ended`;
  return `${domain} ${added ? 'is blocked' : 'was already blocked'} (${ended}).`;
}

/**
 * `npm run admin -- <action> <username>` (issue 16): the first admin is named here (or by
 * ADMIN_USERNAMES at start), and a person who lost their password gets a recovery link without
 * email. Answers the lines to print; each action is in the audit log with no moderator (the server's
 * operator).
 */
export async function runAdminCommand(db: Db, config: Config, args: string[]): Promise<string> {
  const [action, username] = args;
  if (action && domainActions.includes(action)) return runDomainCommand(db, action, args.slice(1));
  if (!action || !username || !['grant', 'revoke', 'reset-link', 'turn-off-2fa'].includes(action)) {
    throw new AdminCommandError(usage);
  }
  const user = await findUserByUsername(db, username);
  if (!user) throw new AdminCommandError(`There is no account named "${username}".`);
  if (action === 'grant') {
    await setRole(db, user.id, 'admin', null);
    return `${user.username} is an admin.`;
  }
  if (action === 'revoke') {
    await setRole(db, user.id, 'member', null);
    return `${user.username} is a member.`;
  }
  if (action === 'turn-off-2fa') {
    return (await turnOffTwoFactorAsOperator(db, user.id))
      ? `Two-factor sign-in is off for ${user.username}: their password alone logs in, and their security log says so.`
      : `${user.username} had no two-factor sign-in on.`;
  }
  const link = await makeResetLink(db, config, user.id);
  const where = config.publicOrigin ? '' : ' (on your server’s address: set PUBLIC_URL to print it whole)';
  await recordModeratorAction(db.kysely, { action: 'reset_link', moderatorId: null, subjectId: user.id });
  return `Recovery link for ${user.username}${where}, valid once until ${link.expiresAt}:\n${link.url}`;
}
