import { type SearchType, searchMaxLength, searchTypes } from '@spotter/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import '../../components/ui/feed-page.css';
import { SearchIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { TagResults } from '../../features/conversation';
import { PostList, searchPostsQuery } from '../../features/posts';
import { PeopleResults } from '../../features/users';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';
import '../../components/ui/search-box.css';
import './search.css';

const tabNames: Record<SearchType, string> = { people: 'People', posts: 'Posts', tags: 'Tags' };

const typeOf = (value: string | null): SearchType =>
  searchTypes.includes(value as SearchType) ? (value as SearchType) : 'people';

/**
 * /search?q=&type= (issue 47): the text of the sidebar's box (Enter) or of this page's, and tabs
 * People, Posts and Tags, each a page of its own in the history (Back returns to the last tab).
 */
export function SearchRoute() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = typeOf(params.get('type'));
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState(q);
  const tabRefs = useRef<Partial<Record<SearchType, HTMLButtonElement | null>>>({});
  useEffect(() => setText(q), [q]);
  useDocumentTitle(q === '' ? 'Search' : `Search: ${q}`);

  const open = (next: SearchType) => navigate(paths.search(q, next));
  // Arrow keys move between the tabs (the ARIA tabs pattern); Home and End go to the first and last.
  const onTabKey = (event: KeyboardEvent) => {
    const at = searchTypes.indexOf(type);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % searchTypes.length
        : event.key === 'ArrowLeft'
          ? (at + searchTypes.length - 1) % searchTypes.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? searchTypes.length - 1
              : -1;
    const next = searchTypes[to];
    if (!next) return;
    event.preventDefault();
    open(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Search</h1>
      <form
        className="search-box"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(paths.search(text.trim(), type));
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search people, posts and tags
        </label>
        <SearchIcon size={18} />
        <input
          id={inputId}
          type="search"
          placeholder="Search people, posts and tags..."
          autoComplete="off"
          maxLength={searchMaxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {q === '' ? (
        <p className="search-page__hint">Type a name, a word or a #tag, then press Enter.</p>
      ) : (
        <>
          <div className="search-tabs" role="tablist" aria-label="What to search">
            {searchTypes.map((name) => (
              <button
                key={name}
                ref={(button) => {
                  tabRefs.current[name] = button;
                }}
                type="button"
                role="tab"
                id={`search-tab-${name}`}
                aria-selected={type === name}
                aria-controls="search-tab-panel"
                tabIndex={type === name ? 0 : -1}
                className="search-tabs__tab"
                onClick={() => open(name)}
                onKeyDown={onTabKey}
              >
                {tabNames[name]}
              </button>
            ))}
          </div>
          <div
            id="search-tab-panel"
            role="tabpanel"
            aria-labelledby={`search-tab-${type}`}
            className="search-page__panel"
          >
            {type === 'people' && <PeopleResults q={q} />}
            {type === 'posts' && (
              <PostList parts={postCardParts} query={searchPostsQuery(q)} emptyText={`No posts found for "${q}"`} />
            )}
            {type === 'tags' && <TagResults q={q} />}
          </div>
        </>
      )}
    </div>
  );
}
