import './feed-filters.css';
import { type FeedFilter, feedFilters, toggleFilter } from '../lib/feed-filter';

interface FeedFiltersProps {
  value: FeedFilter;
  onChange: (filter: FeedFilter) => void;
}

/** 'Latest' and 'Trending' (SPEC §2): toggle buttons; pressing the active one turns it off. */
export function FeedFilters({ value, onChange }: FeedFiltersProps) {
  return (
    <fieldset className="feed-filters">
      <legend className="visually-hidden">Sort posts</legend>
      {feedFilters.map((filter) => (
        <button
          key={filter.value}
          type="button"
          className="feed-filters__button"
          aria-pressed={value === filter.value}
          onClick={() => onChange(toggleFilter(value, filter.value))}
        >
          {filter.label}
        </button>
      ))}
    </fieldset>
  );
}
