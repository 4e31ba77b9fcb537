import { splitConversationText } from '@spotter/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * A post's or comment's text with @mentions linking to the profile and #hashtags to the tag page.
 * Everything is rendered as React text nodes: a hostile string stays text, never markup.
 */
export function RichText({ text }: { text: string }) {
  let offset = 0;
  return (
    <>
      {splitConversationText(text).map((part) => {
        const key = offset;
        offset += part.text.length;
        if (part.kind === 'text') return <Fragment key={key}>{part.text}</Fragment>;
        const to = part.kind === 'mention' ? paths.profile(part.value) : paths.tag(part.value);
        return (
          <Link key={key} to={to} className="rich-text__link">
            {part.text}
          </Link>
        );
      })}
    </>
  );
}
