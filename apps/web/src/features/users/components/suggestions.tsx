import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { UserLink } from '../../../components/ui/user-link';
import { useFollowUser } from '../api/follow-user';
import { useSuggestions } from '../api/suggestions';
import { useSuggestionsOnPage, useSuggestionsShownOnPage } from '../lib/suggestions-on-page';
import './suggestions.css';

interface SuggestionsProps {
  title?: string;
  /**
   * Where the list is: the right sidebar (the default), the page itself (the empty home feed), or the
   * people dialog of narrower screens, which leaves the list out while the page shows one (issue 47:
   * suggested people appear once).
   */
  placement?: 'sidebar' | 'page' | 'dialog';
}

/** SPEC §2: 'You might Like', each with '+ Follow'; a followed person leaves the list at once. */
export function Suggestions({ title = 'You might Like', placement = 'sidebar' }: SuggestionsProps) {
  useSuggestionsOnPage(placement === 'page');
  const shownOnPage = useSuggestionsShownOnPage();
  if (placement === 'dialog' && shownOnPage) return null;
  return <SuggestionList title={title} />;
}

function SuggestionList({ title }: { title: string }) {
  const { data: users, isPending, isError } = useSuggestions();
  const follow = useFollowUser();
  const titleId = useId();

  return (
    <section className="suggestions" aria-labelledby={titleId}>
      <h2 id={titleId} className="suggestions__title">
        {title}
      </h2>
      {isPending ? <Spinner label="Loading suggestions" /> : null}
      {isError ? <p className="suggestions__empty">Suggestions are not available right now.</p> : null}
      {users?.length === 0 ? <p className="suggestions__empty">You follow everyone. Impressive.</p> : null}
      {users && users.length > 0 ? (
        <ul className="suggestions__list">
          {users.map((user) => (
            <li key={user._id} className="suggestions__item">
              <UserLink user={user} avatarSize={36} />
              <Button size="sm" onClick={() => follow.mutate({ target: user, follow: true })}>
                + Follow
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
