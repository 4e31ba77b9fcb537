import type { QueryClient } from '@tanstack/react-query';
import '../../components/ui/feed-page.css';
import { HomeFeed, prefetchHomeFeed } from '../../features/posts';
import { useAccountSettings } from '../../features/settings';
import { RecentWorkoutPicker } from '../../features/training';
import { Suggestions } from '../../features/users';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';

/** The route's loader: the feed as it first shows (no filter) starts loading with the screen's code. */
export const homeLoader = (queryClient: QueryClient) => () => prefetchHomeFeed(queryClient);

/** /landing: the composer, the filters, and the person's own and followed people's posts. */
export function HomeRoute() {
  useDocumentTitle('Home');
  // The composer's Default choice names the person's own default (settings).
  const defaultVisibility = useAccountSettings().data?.defaultVisibility;
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Home</h1>
      <HomeFeed
        parts={postCardParts}
        defaultVisibility={defaultVisibility}
        WorkoutPicker={RecentWorkoutPicker}
        emptyExtra={<Suggestions title="People to follow" placement="page" />}
      />
    </div>
  );
}
