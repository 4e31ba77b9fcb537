import { commentContentMaxLength, mentionBeingTyped, routes } from '@spotter/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/api-client';
import { needsConnection, useReachability } from '../../../lib/reachability';

interface ComposerProps {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A comment's text box, with @mention suggestions from the user search while a name is typed. The
 * suggestions are a listbox the text box points into (`aria-activedescendant`), so the caret stays in
 * the text while they are chosen: the first is active; Up and Down move; Enter or Tab takes the active
 * one; Escape puts them away until the name changes. A polite status says how many there are.
 */
export function CommentComposer({ label, submitLabel, initial = '', busy, onSubmit, onCancel }: ComposerProps) {
  const [content, setContent] = useState(initial);
  const offline = useReachability() === 'offline';
  const [caret, setCaret] = useState(initial.length);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;
  // The @name being typed at the caret: the contract's rule, so a name is suggested exactly where the
  // server will read a mention.
  const prefix = mentionBeingTyped(content.slice(0, caret));
  const { data: people } = useQuery({
    queryKey: ['users', 'mention', prefix ?? ''],
    queryFn: async ({ signal }) => (await call(routes.searchUsers, { query: { q: prefix ?? '' }, signal })).users,
    enabled: prefix !== undefined,
    staleTime: 60_000,
  });
  const suggestions = prefix && prefix !== dismissed ? (people ?? []).slice(0, 5) : [];
  const open = suggestions.length > 0;
  const current = Math.min(active, suggestions.length - 1);

  const edit = (text: string, at: number) => {
    setContent(text);
    setCaret(at);
    setActive(0);
  };

  const insert = (username: string) => {
    if (prefix === undefined) return;
    // `@` and the name typed so far end the text before the caret: the chosen name replaces them.
    const before = `${content.slice(0, caret - prefix.length - 1)}@${username} `;
    edit(before + content.slice(caret), before.length);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const move = (by: number) => setActive((current + by + suggestions.length) % suggestions.length);
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' || event.key === 'Tab') insert(suggestions[current]?.username ?? '');
    else if (event.key === 'Escape') setDismissed(prefix);
    else return;
    event.preventDefault();
  };

  return (
    <form
      className="composer"
      onSubmit={async (event) => {
        event.preventDefault();
        if (content.trim() === '') return;
        await onSubmit(content);
        edit('', 0);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={input}
        id={id}
        className="composer__input"
        value={content}
        maxLength={commentContentMaxLength}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        onChange={(event) => edit(event.target.value, event.target.selectionStart)}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <span className="visually-hidden" role="status">
        {open
          ? `${suggestions.length} ${suggestions.length === 1 ? 'person' : 'people'} to mention: Up and Down to move, Enter to choose, Escape to close`
          : ''}
      </span>
      {open && (
        <div id={listId} className="composer__mentions" role="listbox" aria-label="Mention someone">
          {suggestions.map((user, index) => (
            // Chosen with the pointer too; the text box keeps the focus (and the caret) meanwhile.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (aria-activedescendant)
            <div
              key={user._id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === current}
              className="composer__mention"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(user.username)}
            >
              @{user.username}
            </div>
          ))}
        </div>
      )}
      <div className="composer__row">
        <Button
          type="submit"
          size="sm"
          busy={busy}
          disabled={content.trim() === '' || offline}
          title={offline ? needsConnection : undefined}
        >
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
