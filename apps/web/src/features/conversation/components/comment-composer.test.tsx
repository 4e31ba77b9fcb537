import { findMentions, routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText } from '../../../components/ui/rich-text';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { CommentComposer } from './comment-composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const people: UserSummary[] = [
  { _id: 'u1', username: 'liftqueen', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' },
  { _id: 'u2', username: 'lifter_jo', firstname: 'Jo', lastname: 'Berg', avatarUrl: '' },
];

/** The user search answers everyone whose name holds the query. Records what was sent. */
function renderComposer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== routes.searchUsers.path) return json(404, { errors: ['Not found'] });
      const q = url.searchParams.get('q') ?? '';
      return json(200, { users: people.filter((p) => p.username.includes(q)) });
    }),
  );
  const sent: string[] = [];
  renderWithApp(
    <CommentComposer
      label="Add a comment"
      submitLabel="Comment"
      busy={false}
      onSubmit={async (content) => {
        sent.push(content);
      }}
    />,
  );
  return { box: screen.getByRole('textbox', { name: 'Add a comment' }), sent };
}

/** The names the user search was asked for, in order. */
const searched = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === routes.searchUsers.path)
    .map((url) => url.searchParams.get('q'));

const suggestions = () => screen.queryByRole('listbox', { name: 'Mention someone' });

describe('@mention suggestions in the comment box', () => {
  it('lists the people found, the first active; Down moves, Enter takes the active one, the caret stays in the text', async () => {
    const { box } = renderComposer();
    await userEvent.type(box, 'Spot me @lift');
    const list = await screen.findByRole('listbox', { name: 'Mention someone' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@liftqueen', '@lifter_jo']);
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getByRole('status').textContent).toMatch(/^2 people to mention/);

    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');

    expect(box).toHaveProperty('value', 'Spot me @lifter_jo ');
    expect(document.activeElement).toBe(box);
    expect(suggestions()).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('Tab and a click take a suggestion too; Escape puts them away until the name changes', async () => {
    const { box } = renderComposer();
    await userEvent.type(box, '@lift');
    await screen.findByRole('listbox', { name: 'Mention someone' });
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveProperty('value', '@liftqueen ');
    expect(document.activeElement).toBe(box);

    await userEvent.type(box, 'and @lift');
    await screen.findByRole('listbox', { name: 'Mention someone' });
    await userEvent.keyboard('{Escape}');
    expect(suggestions()).toBeNull();
    // Enter, with the suggestions away, is a new line again.
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveProperty('value', '@liftqueen and @lift\n');

    await userEvent.type(box, '@lifter');
    const list = await screen.findByRole('listbox', { name: 'Mention someone' });
    await userEvent.click(within(list).getByRole('option', { name: '@lifter_jo' }));
    expect(box).toHaveProperty('value', '@liftqueen and @lift\n@lifter_jo ');
    expect(document.activeElement).toBe(box);
  });

  it('suggests names where the server reads a mention: not right after a letter of any script (Zoë@…)', async () => {
    const { box, sent } = renderComposer();
    // The server finds no mention in "Zoë@lift" (a letter before the @, ë as much as e): nothing is
    // suggested, and nobody is searched for.
    await userEvent.type(box, 'Zoë@lift');
    expect(searched()).toEqual([]);
    expect(suggestions()).toBeNull();
    // After a space it is a mention, the server's and the box's alike.
    await userEvent.type(box, ' @lift');
    const options = within(await screen.findByRole('listbox', { name: 'Mention someone' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@liftqueen', '@lifter_jo']);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(sent).toEqual(['Zoë@lift @liftqueen ']);

    // What was sent notifies and links the one name suggested.
    expect(findMentions(sent[0] ?? '')).toEqual(['liftqueen']);
    cleanup();
    renderWithApp(
      <p>
        <RichText text={sent[0] ?? ''} />
      </p>,
    );
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@liftqueen', '/profilepage/liftqueen'],
    ]);
  });

  it('sends the text as written, then empties the box', async () => {
    const { box, sent } = renderComposer();
    await userEvent.type(box, 'Strong set');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(sent).toEqual(['Strong set']);
    expect(box).toHaveProperty('value', '');
  });
});
