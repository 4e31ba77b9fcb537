import type { InboxContext } from '@fedify/fedify';
import { isActor, Note, type Update } from '@fedify/vocab';
import { commentContentMaxLength, postContentMaxLength } from '@spotter/contract';
import type { AppContext } from '../../context';
import { indexCommentTags, updateComment } from '../conversation';
import { forgetActorDocument } from './actor-documents';
import { htmlToText } from './notes';
import { commentByObjectUri } from './queries/comments';
import { editRemotePostText } from './queries/posts';
import { rememberPerson } from './remote-person';

/**
 * `Update(Note)`: a remote person's post or comment takes its new text (only its author's server may
 * change it: the Update's actor is the Note's author and the stored row's). `Update(Person)`: their
 * profile is read again (only by themselves).
 */
export async function onUpdate(ctx: InboxContext<AppContext>, update: Update) {
  const actorId = update.actorId?.href;
  const object = await update.getObject(ctx);
  if (!actorId || !object?.id) return;
  if (isActor(object)) {
    if (object.id.href !== actorId) return;
    // What is fetched of them from now on is their new self, not the kept one (actor-documents.ts).
    await forgetActorDocument(ctx.data.db, object.id);
    await rememberPerson(ctx, object);
    return;
  }
  if (!(object instanceof Note) || object.attributionId?.href !== actorId) return;
  const text = htmlToText(String(object.content ?? ''));
  const db = ctx.data.db;
  const comment = await commentByObjectUri(db, object.id.href);
  if (comment) {
    if (comment.author_actor_uri !== actorId) return;
    const content = text.slice(0, commentContentMaxLength);
    await updateComment(db, comment.id, content);
    await indexCommentTags(ctx.data, { id: comment.id, postId: comment.post_id, content });
    return;
  }
  await editRemotePostText(db, object.id.href, actorId, text.slice(0, postContentMaxLength));
}
