import type { Context } from '@fedify/fedify';
import { Hashtag, Mention, type Note } from '@fedify/vocab';
import { splitConversationText } from '@spotter/contract';
import type { AppContext } from '../../context';
import { profilePageUrl } from './actors';
import { escapeHtml, noteOf } from './notes';
import { mentionTargets } from './queries/mentions';
import type { LocalNote } from './queries/posts';

/** Where a hashtag's posts are read in the web app. */
const tagPageUrl = (origin: string, tag: string) => new URL(`/tags/${encodeURIComponent(tag)}`, origin);

/**
 * A text's mentions and hashtags as Mastodon shows them (issue 49): links in the HTML (an `h-card`
 * for a person, `rel="tag"` for a hashtag), and `Mention` and `Hashtag` tags, so a mentioned
 * person's server tells them. A name nobody here has stays text, as the web app shows it.
 */
export async function conversationOf(ctx: Context<AppContext>, text: string) {
  const parts = splitConversationText(text);
  const names = parts.flatMap((p) => (p.kind === 'mention' ? [p.value.toLowerCase()] : []));
  const people = await mentionTargets(ctx.data.db, names);
  const tags: (Mention | Hashtag)[] = [];
  const seen = new Set<string>();
  const linked = parts.map((part) => {
    if (part.kind === 'text') return escapeHtml(part.text);
    if (part.kind === 'hashtag') {
      const href = tagPageUrl(ctx.origin, part.value);
      if (!seen.has(`#${part.value}`)) tags.push(new Hashtag({ href, name: `#${part.value}` }));
      seen.add(`#${part.value}`);
      return `<a href="${escapeHtml(href.href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(part.text.slice(1))}</span></a>`;
    }
    const person = people.get(part.value.toLowerCase());
    if (!person) return escapeHtml(part.text);
    const actor = person.actor_uri ? new URL(person.actor_uri) : ctx.getActorUri(person.public_id);
    const page = person.remote
      ? new URL(person.profile_url ?? actor.href)
      : profilePageUrl(ctx.origin, person.username);
    const handle = person.remote ? `@${person.username}` : `@${person.username}@${new URL(ctx.origin).host}`;
    if (!seen.has(actor.href)) tags.push(new Mention({ href: actor, name: handle }));
    seen.add(actor.href);
    // Mastodon shows a mention by the name alone, the host in its link's title.
    const shown = person.remote ? part.value.slice(0, part.value.indexOf('@')) : part.value;
    return `<span class="h-card"><a href="${escapeHtml(page.href)}" class="u-url mention">@<span>${escapeHtml(shown)}</span></a></span>`;
  });
  return { html: paragraphsOf(linked.join('')), tags };
}

/** Already-escaped HTML split as textToHtml splits text: blank lines make paragraphs, new lines breaks. */
const paragraphsOf = (html: string) =>
  html
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * A Note with its text's mentions and hashtags as links and tags, and the people it mentions in its
 * cc (as Mastodon addresses them), so their servers are sent it whether or not they follow.
 */
export async function withConversation(ctx: Context<AppContext>, note: Note, text: string): Promise<Note> {
  const { html, tags } = await conversationOf(ctx, text);
  const addressed = new Set([...note.toIds, ...note.ccIds].map((u) => u.href));
  const mentioned = tags.flatMap((t) =>
    t instanceof Mention && t.href && !addressed.has(t.href.href) ? [t.href] : [],
  );
  return note.clone({ content: html, tags: [...tags], ccs: [...note.ccIds, ...mentioned] });
}

/** A local post's Note with its mentions and hashtags; undefined for a private one. */
export async function postNoteOf(ctx: Context<AppContext>, post: LocalNote): Promise<Note | undefined> {
  const note = noteOf(ctx, post);
  return note ? withConversation(ctx, note, post.content) : undefined;
}
