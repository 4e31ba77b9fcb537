import { type PostVisibility, postVisibilities, type WeightUnit, weightUnits } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import {
  useAccountSettings,
  useSaveAccountSettings,
  useSaveTrainingSettings,
  useTrainingSettings,
} from '../api/account-settings';

const visibilityLabels: Record<PostVisibility, { label: string; hint: string }> = {
  public: { label: 'Everyone', hint: 'Anyone can see your new posts.' },
  followers: { label: 'Followers only', hint: 'Only people who follow you.' },
  private: { label: 'Only me', hint: 'Nobody else sees them.' },
};
const unitLabels: Record<WeightUnit, string> = { kg: 'Kilograms (kg)', lb: 'Pounds (lb)' };

/** The time zones this browser knows (the server checks the one chosen against its own list). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Who sees new posts by default, and the training log's units, time zone and records. */
export function PreferencesSection() {
  const account = useAccountSettings();
  const training = useTrainingSettings();
  if (account.isError || training.isError) {
    return (
      <p role="alert" className="settings__error">
        {errorText(account.error ?? training.error)}
      </p>
    );
  }
  if (!account.data || !training.data) return <p className="settings__muted">Loading your settings…</p>;
  return (
    <PreferencesForm
      visibility={account.data.defaultVisibility}
      locked={account.data.lockedAccount}
      training={training.data}
    />
  );
}

interface FormProps {
  visibility: PostVisibility;
  locked: boolean;
  training: { units: WeightUnit; timeZone: string; showRecords: boolean };
}

function PreferencesForm({ visibility: savedVisibility, locked: savedLocked, training: saved }: FormProps) {
  const id = useId();
  const [visibility, setVisibility] = useState(savedVisibility);
  const [locked, setLocked] = useState(savedLocked);
  const [units, setUnits] = useState(saved.units);
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [showRecords, setShowRecords] = useState(saved.showRecords);
  const [status, setStatus] = useState('');
  const saveAccount = useSaveAccountSettings();
  const saveTraining = useSaveTrainingSettings();
  const busy = saveAccount.isPending || saveTraining.isPending;
  const error = saveAccount.error ?? saveTraining.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    try {
      await saveAccount.mutateAsync({ defaultVisibility: visibility, lockedAccount: locked });
      await saveTraining.mutateAsync({ units, timeZone, showRecords });
      setStatus('Settings saved.');
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <fieldset className="settings__choices">
        <legend>Who sees your new posts</legend>
        {postVisibilities.map((value) => (
          <label key={value} className="settings__choice">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
            />
            <span>
              {visibilityLabels[value].label}
              <span className="settings__muted"> — {visibilityLabels[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="settings__choice">
        <input type="checkbox" checked={locked} onChange={(event) => setLocked(event.target.checked)} />
        <span>
          Approve each follower from another server
          <span className="settings__muted"> — people on Mastodon or another Spotter ask first</span>
        </span>
      </label>
      <fieldset className="settings__choices">
        <legend>Weights are shown in</legend>
        {weightUnits.map((value) => (
          <label key={value} className="settings__choice">
            <input
              type="radio"
              name={`${id}-units`}
              value={value}
              checked={units === value}
              onChange={() => setUnits(value)}
            />
            <span>{unitLabels[value]}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-zone`}>Time zone (your training weeks are counted in it)</label>
        <select id={`${id}-zone`} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {timeZones(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <label className="settings__choice">
        <input type="checkbox" checked={showRecords} onChange={(event) => setShowRecords(event.target.checked)} />
        <span>Show my records, progress and stats to others</span>
      </label>
      <div className="settings__actions">
        <Button type="submit" busy={busy}>
          Save settings
        </Button>
        <p className="settings__status" role="status">
          {status}
        </p>
      </div>
      {error ? (
        <p role="alert" className="settings__error">
          {errorText(error)}
        </p>
      ) : null}
    </form>
  );
}
