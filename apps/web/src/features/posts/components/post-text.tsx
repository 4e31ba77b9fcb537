import { type MouseEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { RichText } from '../../../components/ui/rich-text';
import { paths } from '../../../config/paths';
import { collapsedText, splitLinks } from '../lib/post-text';

/**
 * A post's words: web addresses are links (rel noopener noreferrer nofollow, a new tab), @mentions and
 * #hashtags link to the profile and the tag page (RichText), a long post
 * shows its beginning and "Show more", and a tap on the words opens the post (not on a link, not
 * when the person was selecting text, not on the post's own page).
 */
export function PostText({ postId, content }: { postId: string; content: string }) {
  const [expanded, setExpanded] = useState(false);
  const navigate = useNavigate();
  const textId = useId();
  const short = collapsedText(content);
  const shown = expanded || short === null ? content : short;

  function openPost(event: MouseEvent<HTMLParagraphElement>) {
    if ((event.target as HTMLElement).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    const to = paths.post(postId);
    if (window.location.pathname !== to) navigate(to);
  }

  return (
    <div className="post-card__text">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse and touch shortcut; the date is the keyboard's link to the post */}
      <p id={textId} className="post-card__content" onClick={openPost}>
        {splitLinks(shown).map((piece, i) =>
          piece.href ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
            <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
              {piece.text}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
            <RichText key={i} text={piece.text} />
          ),
        )}
      </p>
      {short !== null ? (
        <button
          type="button"
          className="post-card__more"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
