import type { Profile } from '@spotter/contract';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OthersMenu } from '../../../components/ui/action-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LinkIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { useSession } from '../../../lib/session';
import { useFollowUser } from '../api/follow-user';
import { safeWebsite } from '../lib/website';
import { EditProfileModal } from './edit-profile-modal';
import { FollowFromServer } from './follow-from-server';
import './profile-header.css';
import { needsConnection, useReachability } from '../../../lib/reachability';

interface ProfileHeaderProps {
  profile: Profile;
  /** The "⋯" menu of someone else's profile (Mute, Block, Report), which the app fills. */
  OthersMenu: OthersMenu;
  /** Shown on one's own profile after its buttons (the app puts a moderator's Moderation link here). */
  forOwner?: ReactNode;
  /** Shown on someone else's profile after its buttons (the app puts "Muted" with Unmute here). */
  forOthers?: ReactNode;
}

/**
 * SPEC §2: avatar, full name, @username, bio, website, follower / post / following counts, and one
 * button: 'Edit Profile' on one's own profile, 'Following' for someone followed, 'Requested' while a
 * locked person on another server has not yet accepted (pressing it takes the request back: decision
 * 106), 'Follow' otherwise (none for a suspended person, whose profile only moderators open, marked as such).
 */
export function ProfileHeader({ profile, OthersMenu, forOwner, forOthers }: ProfileHeaderProps) {
  const session = useSession();
  const follow = useFollowUser();
  const offline = useReachability() === 'offline';
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const isMe = session?.user._id === profile._id;
  const website = safeWebsite(profile.website);
  const fullName = `${profile.firstname} ${profile.lastname}`.trim();

  return (
    <header className="profile-header">
      <Avatar src={profile.avatarUrl} alt={`${fullName}'s avatar`} size={96} />
      <div className="profile-header__who">
        <h1 className="profile-header__name" title={fullName}>
          {fullName}
        </h1>
        <p className="profile-header__handle" title={`@${profile.username}`}>
          @{profile.username}
        </p>
      </div>
      {profile.suspendedAt ? <SuspendedMarker since={profile.suspendedAt} /> : null}
      <div className="profile-header__action">
        {isMe ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
            <Link to={paths.settings} className="button button--secondary">
              Settings
            </Link>
          </>
        ) : profile.suspendedAt ? null : profile.followRequested ? (
          <Button
            variant="secondary"
            onClick={() => follow.mutate({ target: profile, follow: false })}
            title={offline ? needsConnection : 'Cancel the follow request'}
            disabled={offline}
          >
            Requested
          </Button>
        ) : profile.followedByMe ? (
          <Button
            variant="secondary"
            aria-pressed="true"
            onClick={() => follow.mutate({ target: profile, follow: false })}
            title={offline ? needsConnection : 'Unfollow'}
            disabled={offline}
          >
            Following
          </Button>
        ) : (
          <Button
            onClick={() => follow.mutate({ target: profile, follow: true })}
            disabled={offline}
            title={offline ? needsConnection : undefined}
          >
            Follow
          </Button>
        )}
        {/* Someone else's profile: Mute / Unmute, Block and Report. */}
        <OthersMenu
          label={`Options for @${profile.username}`}
          subject={{ type: 'user', id: profile._id }}
          author={profile}
          muted={profile.mutedByMe === true}
          onBlocked={() => navigate(paths.home)}
        />
        {isMe ? forOwner : forOthers}
      </div>
      {profile.bio ? <p className="profile-header__bio">{profile.bio}</p> : null}
      {website ? (
        <p className="profile-header__website">
          <LinkIcon size={16} />
          <a href={website.href} target="_blank" rel="noopener noreferrer nofollow">
            {website.label}
          </a>
        </p>
      ) : null}
      <FollowFromServer profile={profile} />
      <dl className="profile-header__counts">
        <div>
          <dt>Followers</dt>
          <dd>
            <Link to={paths.followers(profile.username)} aria-label={countOf(profile.followerCount, 'follower')}>
              {profile.followerCount}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Posts</dt>
          <dd>{profile.postCount}</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd>
            <Link to={paths.following(profile.username)} aria-label={`${profile.followingCount} following`}>
              {profile.followingCount}
            </Link>
          </dd>
        </div>
      </dl>
      {isMe ? <EditProfileModal profile={profile} open={editing} onClose={() => setEditing(false)} /> : null}
    </header>
  );
}

/**
 * Only a moderator opens a suspended person's profile (decision 048): said at the top, so that nobody
 * mistakes it for a live account.
 */
function SuspendedMarker({ since }: { since: string }) {
  return (
    <p className="profile-header__suspended">
      <strong>Suspended</strong> since {formatDay(since)}. Only moderators see this profile.
    </p>
  );
}
