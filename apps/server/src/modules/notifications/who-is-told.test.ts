import { mentionNotifyMax } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { type Action, type Circumstances, mayBeTold, whoIsTold } from './who-is-told';

// People are integer keys; 1 acts throughout.
const actor = 1;
const author = 2;
const parent = 3;
const post = 100;
const comment = 200;
const none: Circumstances = { silenced: new Set(), toldOfMentions: new Set() };
const silencing = (...people: number[]): Circumstances => ({ ...none, silenced: new Set(people) });
const recipients = (action: Action, circumstances = none) =>
  whoIsTold(action, circumstances).map((n) => [n.recipientId, n.type]);
const people = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);

const like: Extract<Action, { kind: 'like' }> = { kind: 'like', actorId: actor, postId: post, postAuthorId: author };
const follow: Action = { kind: 'follow', actorId: actor, followeeId: author };
const commentOn = (parentAuthorId: number | null, mentioned: number[] = []): Extract<Action, { kind: 'comment' }> => ({
  kind: 'comment',
  actorId: actor,
  postId: post,
  commentId: comment,
  postAuthorId: author,
  parentAuthorId,
  mentioned,
});

describe('who is told of a like or a follow', () => {
  it("tells the post's author of a like, about the post", () => {
    expect(whoIsTold(like, none)).toEqual([{ recipientId: author, actorId: actor, type: 'like', postId: post }]);
  });

  it('tells the person followed of a follow', () => {
    expect(whoIsTold(follow, none)).toEqual([{ recipientId: author, actorId: actor, type: 'follow' }]);
  });

  it('tells nobody of their own action: a like of their own post', () => {
    expect(whoIsTold({ ...like, postAuthorId: actor }, none)).toEqual([]);
  });

  it('tells nobody who blocks the actor, is blocked by them or mutes them (the database says who: silenced)', () => {
    expect(whoIsTold(like, silencing(author))).toEqual([]);
    expect(whoIsTold(follow, silencing(author))).toEqual([]);
  });

  it('asks the database about the one person a like or follow may tell, and about nobody for a self-like', () => {
    expect(mayBeTold(like)).toEqual([author]);
    expect(mayBeTold(follow)).toEqual([author]);
    expect(mayBeTold({ ...like, postAuthorId: actor })).toEqual([]);
  });
});

describe('who is told of a boost (issue 49)', () => {
  const boost: Action = { kind: 'boost', actorId: actor, postId: post, postAuthorId: author };

  it("tells the post's author, about the post, as a like does", () => {
    expect(whoIsTold(boost, none)).toEqual([{ recipientId: author, actorId: actor, type: 'boost', postId: post }]);
    expect(mayBeTold(boost)).toEqual([author]);
  });

  it('tells nobody of a boost of their own post, nor an author who blocks or mutes the booster', () => {
    expect(whoIsTold({ ...boost, postAuthorId: actor }, none)).toEqual([]);
    expect(whoIsTold(boost, silencing(author))).toEqual([]);
  });
});

describe('who is told of a comment', () => {
  it("tells the post's author of a comment on the post", () => {
    expect(whoIsTold(commentOn(null), none)).toEqual([
      { recipientId: author, actorId: actor, type: 'comment', postId: post, commentId: comment },
    ]);
  });

  it("tells the answered comment's author of a reply, and the post's author of the comment", () => {
    expect(recipients(commentOn(parent))).toEqual([
      [parent, 'reply'],
      [author, 'comment'],
    ]);
  });

  it("tells the post's author once, of the reply, when they wrote the answered comment too", () => {
    expect(recipients(commentOn(author))).toEqual([[author, 'reply']]);
  });

  it('tells nobody of their own comment on their own post, or of a reply to their own comment', () => {
    expect(recipients({ ...commentOn(null), postAuthorId: actor })).toEqual([]);
    expect(recipients(commentOn(actor))).toEqual([[author, 'comment']]);
  });

  it('leaves out whoever is silenced and tells the others', () => {
    expect(recipients(commentOn(parent), silencing(parent))).toEqual([[author, 'comment']]);
    expect(recipients(commentOn(parent), silencing(author))).toEqual([[parent, 'reply']]);
  });

  it("does not tell the post's author or the answered comment's author of a mention too: they are told of the comment", () => {
    expect(recipients(commentOn(parent, [author, parent, 7]))).toEqual([
      [parent, 'reply'],
      [author, 'comment'],
      [7, 'mention'],
    ]);
  });

  it('tells the mentioned of a comment, about the post and the comment, and never the actor', () => {
    const told = whoIsTold(commentOn(null, [actor, 7]), none);
    expect(told).toContainEqual({ recipientId: 7, actorId: actor, type: 'mention', postId: post, commentId: comment });
    expect(told.map((n) => n.recipientId)).not.toContain(actor);
  });
});

describe('who is told of a mention', () => {
  const postWith = (mentioned: number[]): Action => ({ kind: 'post', actorId: actor, postId: post, mentioned });

  it("tells the people a post mentions, in the text's order, about the post alone", () => {
    expect(whoIsTold(postWith([9, 7]), none)).toEqual([
      { recipientId: 9, actorId: actor, type: 'mention', postId: post },
      { recipientId: 7, actorId: actor, type: 'mention', postId: post },
    ]);
  });

  it('never tells the author of mentioning themselves, and that mention takes no place under the cap', () => {
    const mentioned = [actor, ...people(10, mentionNotifyMax)];
    expect(recipients(postWith(mentioned)).map(([person]) => person)).toEqual(people(10, mentionNotifyMax));
  });

  it(`tells at most ${mentionNotifyMax} people of one text, the first it names`, () => {
    const told = recipients(postWith(people(10, mentionNotifyMax + 5)));
    expect(told.map(([person]) => person)).toEqual(people(10, mentionNotifyMax));
  });

  it('keeps a silenced person in their place under the cap: the next one named is not told instead', () => {
    const mentioned = people(10, mentionNotifyMax + 1);
    const told = recipients(postWith(mentioned), silencing(10)).map(([person]) => person);
    expect(told).toEqual(people(11, mentionNotifyMax - 1));
  });

  it('an edit tells only the newly mentioned, within what the earlier versions left of the cap', () => {
    const edit: Action = { kind: 'post-edit', actorId: actor, postId: post, mentioned: people(10, 12) };
    const toldOfMentions = new Set(people(10, 4));
    const told = whoIsTold(edit, { ...none, toldOfMentions }).map((n) => n.recipientId);
    expect(told).toEqual(people(14, mentionNotifyMax - 4));
    expect(mayBeTold(edit, toldOfMentions)).toEqual(told);
  });

  it('an edit of a text that told as many as the cap tells nobody new', () => {
    const edit: Action = { kind: 'post-edit', actorId: actor, postId: post, mentioned: [50] };
    expect(whoIsTold(edit, { ...none, toldOfMentions: new Set(people(10, mentionNotifyMax)) })).toEqual([]);
  });

  it("a comment's edit tells the newly mentioned, never the post's author, about the comment", () => {
    const edit: Action = {
      kind: 'comment-edit',
      actorId: actor,
      postId: post,
      commentId: comment,
      postAuthorId: author,
      mentioned: [author, 7, 8],
    };
    expect(whoIsTold(edit, { ...none, toldOfMentions: new Set([7]) })).toEqual([
      { recipientId: 8, actorId: actor, type: 'mention', postId: post, commentId: comment },
    ]);
  });
});
