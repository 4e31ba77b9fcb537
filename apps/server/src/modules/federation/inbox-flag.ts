import type { InboxContext } from '@fedify/fedify';
import type { Flag } from '@fedify/vocab';
import { moderationNoteMaxLength } from '@spotter/contract';
import type { AppContext } from '../../context';
import { fileReport, findReportTarget } from '../moderation';
import { keptActors } from './actor-documents';
import { targetOf } from './inbox-targets';
import { htmlToText } from './notes';
import { rememberPerson } from './remote-person';

/**
 * `Flag`: a report from another server (Mastodon forwards one in its instance actor's name, the
 * reported person and posts as its objects) enters the moderation queue as a report by that actor,
 * its content as the report's note. Each post or comment named here is reported; a person only when
 * no post of theirs is. The reason is `other`: a Flag says none Spotter knows.
 */
export async function onFlag(ctx: InboxContext<AppContext>, flag: Flag) {
  const targets = [];
  for (const uri of flag.objectIds) {
    const target = await targetOf(ctx, uri);
    if (target) targets.push(target);
  }
  const content = targets.filter((t) => t.kind !== 'person');
  const chosen = content.length > 0 ? content : targets;
  if (chosen.length === 0) return;
  const actor = await flag.getActor(keptActors(ctx));
  const reporterId = actor ? await rememberPerson(ctx, actor) : undefined;
  if (reporterId === undefined) return;
  const note = htmlToText(String(flag.content ?? '')).slice(0, moderationNoteMaxLength);
  for (const t of chosen) {
    const ids =
      t.kind === 'post'
        ? { postId: t.publicId }
        : t.kind === 'comment'
          ? { commentId: t.publicId }
          : { userId: t.publicId };
    const target = await findReportTarget(ctx.data.db, reporterId, ids);
    if (target && target.userId !== reporterId) await fileReport(ctx.data.db, reporterId, target, 'other', note);
  }
}
