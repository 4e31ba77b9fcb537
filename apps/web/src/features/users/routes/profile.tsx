import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useProfile } from '../api/get-profile';
import { ProfileHeader } from '../components/profile-header';
import { ProfilePosts } from '../components/profile-posts';
import './profile.css';

/** SPEC §2: the profile header, then that person's posts, newest first. */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const { data: profile, error, isPending } = useProfile(username);
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
  return (
    <div className="profile">
      <ProfileHeader profile={profile} />
      <h2 className="visually-hidden">Posts by @{profile.username}</h2>
      <ProfilePosts username={profile.username} />
    </div>
  );
}
