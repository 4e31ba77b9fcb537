import { userPostsQuery } from '../../posts/api/post-lists';
import { PostList } from '../../posts/components/post-list';

/** SPEC §2: below the header, that person's posts, newest first (the posts feature's paged list). */
export function ProfilePosts({ username }: { username: string }) {
  return <PostList query={userPostsQuery(username)} emptyText={`@${username} has not posted yet.`} />;
}
