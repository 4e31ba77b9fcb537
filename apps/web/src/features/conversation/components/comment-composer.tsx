import { commentContentMaxLength, routes } from '@spotter/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/api-client';

interface ComposerProps {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** The @name being typed at the caret, if any. */
const typedMention = (text: string) => /(?:^|[^\w@.])@([A-Za-z0-9_.]{1,30})$/.exec(text)?.[1];

/** A comment's text box, with @mention suggestions from the user search while a name is typed. */
export function CommentComposer({ label, submitLabel, initial = '', busy, onSubmit, onCancel }: ComposerProps) {
  const [content, setContent] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const prefix = typedMention(content.slice(0, caret));
  const { data: people } = useQuery({
    queryKey: ['users', 'mention', prefix ?? ''],
    queryFn: async ({ signal }) => (await call(routes.searchUsers, { query: { q: prefix ?? '' }, signal })).users,
    enabled: prefix !== undefined,
    staleTime: 60_000,
  });
  const suggestions = prefix ? (people ?? []).slice(0, 5) : [];

  const insert = (username: string) => {
    const before = content.slice(0, caret).replace(/@[A-Za-z0-9_.]*$/, `@${username} `);
    const next = before + content.slice(caret);
    setContent(next);
    setCaret(before.length);
    input.current?.focus();
  };

  return (
    <form
      className="composer"
      onSubmit={async (event) => {
        event.preventDefault();
        if (content.trim() === '') return;
        await onSubmit(content);
        setContent('');
        setCaret(0);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={input}
        id={id}
        className="composer__input"
        value={content}
        maxLength={commentContentMaxLength}
        onChange={(event) => {
          setContent(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
      />
      {suggestions.length > 0 && (
        <ul className="composer__mentions" aria-label="Mention someone">
          {suggestions.map((user) => (
            <li key={user._id}>
              <Button size="sm" variant="secondary" onClick={() => insert(user.username)}>
                @{user.username}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="composer__row">
        <Button type="submit" size="sm" busy={busy} disabled={content.trim() === ''}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
