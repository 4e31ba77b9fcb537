import { type Profile, presetAvatars, uiMessages } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/error-text';
import { useEditProfile } from '../api/edit-profile';
import './edit-profile-modal.css';

interface EditProfileModalProps {
  profile: Profile;
  open: boolean;
  onClose: () => void;
}

/** SPEC §2: one of 7 preset avatars, bio and website; name and username shown read-only. */
export function EditProfileModal({ profile, open, onClose }: EditProfileModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Edit Profile">
      {/* Mounted only while open, so each opening starts from the saved profile. */}
      <EditProfileForm profile={profile} onDone={onClose} />
    </Modal>
  );
}

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const ids = { name: useId(), username: useId(), bio: useId(), website: useId() };
  const edit = useEditProfile();
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl);
  const [bio, setBio] = useState(profile.bio);
  const [website, setWebsite] = useState(profile.website);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    edit.mutate(
      { avatarUrl, bio, website: website.trim() },
      {
        onSuccess: () => {
          toast.success(uiMessages.updated);
          onDone();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  return (
    <form className="edit-profile" onSubmit={onSubmit}>
      <fieldset className="edit-profile__avatars">
        <legend>Avatar</legend>
        {presetAvatars.map((url, index) => (
          <label key={url} className="edit-profile__avatar">
            <input
              type="radio"
              name="avatar"
              value={url}
              checked={avatarUrl === url}
              onChange={() => setAvatarUrl(url)}
            />
            <img src={url} alt={`Avatar ${index + 1}`} width={56} height={56} />
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} readOnly value={`${profile.firstname} ${profile.lastname}`} />
      </div>
      <div className="field">
        <label htmlFor={ids.username}>Username</label>
        <input id={ids.username} readOnly value={profile.username} />
      </div>
      <div className="field">
        <label htmlFor={ids.bio}>Bio</label>
        <textarea id={ids.bio} rows={3} maxLength={500} value={bio} onChange={(e) => setBio(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.website}>Website</label>
        <input
          id={ids.website}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <Button type="submit" busy={edit.isPending}>
        Update
      </Button>
    </form>
  );
}
