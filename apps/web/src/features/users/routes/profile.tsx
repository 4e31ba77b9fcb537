import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { loadProfileTraining, TrainingStatsLine } from '../../training';
import { useProfile } from '../api/get-profile';
import { ProfileHeader } from '../components/profile-header';
import { ProfilePosts } from '../components/profile-posts';
import './profile.css';

const ProfileWorkouts = lazy(() => loadProfileTraining().then((m) => ({ default: m.ProfileWorkouts })));
const ProfileRecords = lazy(() => loadProfileTraining().then((m) => ({ default: m.ProfileRecords })));

const tabs = ['Posts', 'Workouts', 'Records'] as const;
type Tab = (typeof tabs)[number];

/** SPEC §2: the profile header, then (tab "Posts") that person's posts, newest first; issue 15 adds Workouts and Records. */
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
      <ProfileHeader profile={profile} />
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
        {tab === 'Posts' && <ProfilePosts username={profile.username} />}
        <Suspense fallback={<Spinner label={`Loading ${tab.toLowerCase()}`} />}>
          {tab === 'Workouts' && <ProfileWorkouts username={profile.username} />}
          {tab === 'Records' && <ProfileRecords username={profile.username} />}
        </Suspense>
      </div>
    </div>
  );
}
