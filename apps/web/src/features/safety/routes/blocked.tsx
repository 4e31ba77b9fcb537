import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { Spinner } from '../../../components/ui/spinner';
import { UserLink } from '../../../components/ui/user-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { type RelationKind, useRelation, useRelationList } from '../api/relations';
import '../safety.css';

const sections: { kind: RelationKind; title: string; empty: string; undo: string }[] = [
  { kind: 'block', title: 'Blocked', empty: 'You have not blocked anyone.', undo: 'Unblock' },
  { kind: 'mute', title: 'Muted', empty: 'You have not muted anyone.', undo: 'Unmute' },
];

/** /settings/blocked (issue 16): the people one blocks and mutes, each with its undo. */
export function BlockedRoute() {
  useDocumentTitle('Blocked and muted');
  return (
    <section className="safety-page" aria-labelledby="safety-page-title">
      <h1 id="safety-page-title" className="safety-page__title">
        Blocked and muted
      </h1>
      {sections.map((section) => (
        <RelationList key={section.kind} {...section} />
      ))}
    </section>
  );
}

function RelationList({ kind, title, empty, undo }: (typeof sections)[number]) {
  const list = useRelationList(kind);
  const relation = useRelation();
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const headingId = `safety-${kind}-title`;
  return (
    <section className="safety-page__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {list.isPending ? <Spinner label={`Loading ${title.toLowerCase()} people`} /> : null}
      {list.isError ? <p role="alert">{errorText(list.error)}</p> : null}
      {list.isSuccess && users.length === 0 ? <p className="safety-page__empty">{empty}</p> : null}
      {users.length > 0 ? (
        <ul className="safety-page__people" data-testid={`${kind}-list`}>
          {users.map((user) => (
            <li key={user._id}>
              <UserLink user={user} avatarSize={40} />
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${undo} @${user.username}`}
                busy={relation.isPending && relation.variables?.user._id === user._id}
                onClick={() => relation.mutate({ user, kind, on: false })}
              >
                {undo}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <MoreButton pages={list}>Show more</MoreButton>
    </section>
  );
}
