import { Link } from 'react-router';
import { MoreButton } from '../../../components/ui/more-button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { countOf } from '../../../lib/plural';
import { useTagSearch } from '../api/search-tags';
import './conversation.css';

/** The search page's Tags tab: each hashtag found links to its page, with how many posts carry it. */
export function TagResults({ q }: { q: string }) {
  const search = useTagSearch(q);
  if (search.isPending) return <Spinner label="Searching tags" />;
  if (search.isError) return <p className="trending__empty">Search is not available right now.</p>;
  const tags = search.data.pages.flatMap((page) => page.tags);
  if (tags.length === 0) return <p className="trending__empty">No tags found</p>;
  return (
    <>
      <ul className="trending__list">
        {tags.map(({ tag, posts }) => (
          <li key={tag} className="trending__item">
            <Link to={paths.tag(tag)} className="rich-text__link">
              #{tag}
            </Link>
            <span className="trending__count">{countOf(posts, 'post')}</span>
          </li>
        ))}
      </ul>
      <MoreButton pages={search}>More tags</MoreButton>
    </>
  );
}
