import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { countOf } from '../../../lib/plural';
import { trendingOptions } from '../api/notifications';
import './conversation.css';

/** The right sidebar's trending hashtags of the last 7 days. */
export function TrendingTags() {
  const { data: tags } = useQuery(trendingOptions());
  const titleId = useId();
  if (!tags || tags.length === 0) return null;
  return (
    <section className="trending" aria-labelledby={titleId}>
      <h2 id={titleId} className="trending__title">
        Trending tags
      </h2>
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
    </section>
  );
}
