import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
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

/**
 * SPEC §2: the profile header (users), then (tab "Posts") that person's posts, newest first (posts);
 * issue 15 adds the training stats line and the Workouts and Records tabs (training).
 */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const { data: profile, error, isPending } = useProfile(username);
  const [tab, setTab] = useState<Tab>('Posts');
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
          <button
            key={name}
            type="button"
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="profile-tab-panel"
            className="profile-tabs__tab"
            onClick={() => setTab(name)}
          >
            {name}
          </button>
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
