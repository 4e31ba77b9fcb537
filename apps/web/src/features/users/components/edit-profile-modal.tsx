import { isHttpUrl, normaliseWebsite, type Profile, presetAvatars, uiMessages } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/error-text';
import { type FieldErrors, fieldErrorsFrom, withoutField } from '../../../lib/field-errors';
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

type ProfileField = 'bio' | 'website';
const labels: Record<ProfileField, string> = { bio: 'Bio', website: 'Website' };
const websiteHint = 'Your site or a page about you, e.g. example.com/maya';

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const ids = { name: useId(), username: useId(), bio: useId(), website: useId() };
  const edit = useEditProfile();
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl);
  const [bio, setBio] = useState(profile.bio);
  const [website, setWebsite] = useState(profile.website);
  // Beside the field, until it changes.
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // People type `example.com/maya`: it is a web address, kept as https://example.com/maya.
    const address = normaliseWebsite(website);
    if (address !== '' && !isHttpUrl(address)) {
      setErrors({ website: 'This is not a web address: type one like example.com/maya.' });
      return;
    }
    setWebsite(address);
    edit.mutate(
      { avatarUrl, bio, website: address },
      {
        onSuccess: () => {
          toast.success(uiMessages.updated);
          onDone();
        },
        onError: (error) => {
          const { fields, rest } = fieldErrorsFrom(error, labels);
          setErrors(fields);
          if (rest.length > 0 || Object.keys(fields).length === 0) toast.error(errorText(error));
        },
      },
    );
  }

  return (
    <form className="edit-profile" onSubmit={onSubmit} noValidate>
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
        <textarea
          id={ids.bio}
          rows={3}
          maxLength={500}
          value={bio}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? `${ids.bio}-note` : undefined}
          onChange={(e) => {
            setBio(e.target.value);
            setErrors((current) => withoutField(current, 'bio'));
          }}
        />
        <FieldNote id={`${ids.bio}-note`} error={errors.bio} />
      </div>
      <div className="field">
        <label htmlFor={ids.website}>Website</label>
        <input
          id={ids.website}
          type="text"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="example.com/you"
          value={website}
          aria-invalid={errors.website ? true : undefined}
          aria-describedby={`${ids.website}-note`}
          onChange={(e) => {
            setWebsite(e.target.value);
            setErrors((current) => withoutField(current, 'website'));
          }}
        />
        <FieldNote id={`${ids.website}-note`} error={errors.website} hint={websiteHint} />
      </div>
      <Button type="submit" busy={edit.isPending}>
        Update
      </Button>
    </form>
  );
}
