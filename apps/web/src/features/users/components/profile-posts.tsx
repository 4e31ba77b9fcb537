import { PostList, userPostsQuery } from '../../posts';

/** SPEC §2: below the header, that person's posts, newest first (the posts feature's paged list). */
export function ProfilePosts({ username }: { username: string }) {
  return <PostList query={userPostsQuery(username)} emptyText={`@${username} has not posted yet.`} />;
}
