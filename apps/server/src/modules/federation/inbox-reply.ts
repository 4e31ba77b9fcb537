import type { InboxContext } from '@fedify/fedify';
import type { Create, Note } from '@fedify/vocab';
import { commentContentMaxLength } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { storeComment } from '../conversation';
import { findVisiblePost } from '../posts';
import { keptActors } from './actor-documents';
import { targetOf } from './inbox-targets';
import { htmlToText } from './notes';
import { commentByObjectUri } from './queries/comments';
import { rememberPerson } from './remote-person';

/**
 * A reply Note (`inReplyTo`) to a post here, local or remote, or to one of its comments: a comment
 * by the remote person, notifying as a local comment does (conversation's storeComment), if they
 * may see the post. A reply to something this server does not hold is not taken.
 */
export async function takeReply(ctx: InboxContext<AppContext>, create: Create, note: Note, log: FastifyBaseLogger) {
  if (!note.id || !create.actorId || note.attributionId?.href !== create.actorId.href) return;
  if (await commentByObjectUri(ctx.data.db, note.id.href)) return;
  const target = await targetOf(ctx, note.replyTargetId);
  if (!target || target.kind === 'person') return;
  const author = await create.getActor(keptActors(ctx));
  const authorId = author ? await rememberPerson(ctx, author) : undefined;
  if (authorId === undefined) return;
  const postPublicId = target.kind === 'post' ? target.publicId : target.postPublicId;
  if (!(await findVisiblePost(ctx.data.db, postPublicId, authorId))) return;
  const content = htmlToText(String(note.content ?? '')).slice(0, commentContentMaxLength);
  await storeComment(
    ctx.data,
    {
      authorId,
      postPublicId,
      content,
      ...(target.kind === 'comment' ? { replyTo: target.publicId } : {}),
      objectUri: note.id.href,
    },
    log,
  ).catch(async (error: unknown) => {
    // The same Note delivered twice at once: the other delivery stored it.
    if (await commentByObjectUri(ctx.data.db, note.id?.href ?? '')) return;
    throw error;
  });
}
