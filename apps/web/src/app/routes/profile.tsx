import { lazy, Suspense } from 'react';
import { Link, useMatch, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths, profileTabSegments } from '../../config/paths';
import { AdminButton } from '../../features/moderation';
import { PostList, userPostsQuery } from '../../features/posts';
import { MutedState } from '../../features/safety';
import { loadProfileTraining, TrainingStatsLine } from '../../features/training';
import { ProfileHeader, useProfile } from '../../features/users';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { errorText } from '../../lib/error-text';
import { OthersMenu } from '../slots/others-menu';
import { postCardParts } from '../slots/post-card-parts';
import './profile.css';

const ProfileWorkouts = lazy(() => loadProfileTraining().then((m) => ({ default: m.ProfileWorkouts })));
const ProfileRecords = lazy(() => loadProfileTraining().then((m) => ({ default: m.ProfileRecords })));

const tabs = ['Posts', 'Workouts', 'Records'] as const;
type Tab = (typeof tabs)[number];

/** Each tab's address (issue 47): Posts is the profile's own, the others end in their segment. */
const tabPath = (username: string, tab: Tab) =>
  tab === 'Posts' ? paths.profile(username) : paths.profileTab(username, tab === 'Workouts' ? 'workouts' : 'records');

/** The tab the address names (`/profilepage/{u}/workouts`, `/records`), else Posts. */
function useAddressedTab(): Tab {
  const segment = useMatch(`${paths.profilePattern}/:tab`)?.params.tab;
  if (segment === profileTabSegments.workouts) return 'Workouts';
  if (segment === profileTabSegments.records) return 'Records';
  return 'Posts';
}

/**
 * SPEC §2: the profile header (users), then (tab "Posts") that person's posts, newest first (posts);
 * issue 15 adds the training stats line and the Workouts and Records tabs (training), each at its own
 * address since issue 47, so that Back returns to the tab it left.
 */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const { data: profile, error, isPending } = useProfile(username);
  const addressed = useAddressedTab();
  useDocumentTitle(profile ? `${profile.firstname} ${profile.lastname} (@${profile.username})` : `@${username}`);

  if (isPending) return <Spinner label="Loading profile" />;
  if (error) {
    return (
      <section className="profile-missing" role="alert">
        <h1>{error instanceof ApiError && error.status === 404 ? 'No such athlete' : 'Profile not available'}</h1>
        <p>{errorText(error)}</p>
      </section>
    );
  }
  // A suspended person's profile (moderators only, decision 048) shows their posts: the training
  // reads keep the rule for everyone.
  const suspended = profile.suspendedAt !== undefined;
  const shownTabs = suspended ? tabs.slice(0, 1) : tabs;
  const tab: Tab = shownTabs.includes(addressed) ? addressed : 'Posts';
  return (
    <div className="profile">
      <ProfileHeader
        profile={profile}
        OthersMenu={OthersMenu}
        forOwner={<AdminButton />}
        forOthers={profile.mutedByMe ? <MutedState user={profile} /> : null}
      />
      {suspended ? null : <TrainingStatsLine username={profile.username} />}
      <div className="profile-tabs" role="tablist" aria-label="Profile sections">
        {shownTabs.map((name) => (
          <Link
            key={name}
            to={tabPath(profile.username, name)}
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="profile-tab-panel"
            className="profile-tabs__tab"
            // The header stays where it was: only the panel under it changes.
            preventScrollReset
          >
            {name}
          </Link>
        ))}
      </div>
      <div id="profile-tab-panel" role="tabpanel" aria-labelledby={`profile-tab-${tab}`}>
        <h2 className="visually-hidden">
          {tab} of @{profile.username}
        </h2>
        {tab === 'Posts' && (
          <PostList
            parts={postCardParts}
            query={userPostsQuery(profile.username)}
            emptyText={`@${profile.username} has not posted yet.`}
          />
        )}
        <Suspense fallback={<Spinner label={`Loading ${tab.toLowerCase()}`} />}>
          {tab === 'Workouts' && <ProfileWorkouts username={profile.username} />}
          {tab === 'Records' && <ProfileRecords username={profile.username} />}
        </Suspense>
      </div>
    </div>
  );
}
