import type { ResetLink } from '@spotter/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { formatTimeOfDay } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { findProfile, staffOptions, useResetLink, useSetRole } from '../api/admin';
import { Handle } from './handle';

/**
 * Account recovery (a one-time, one-hour link to hand to the person: there is no email), the
 * moderators and admins, and for admins the form that names or removes a moderator.
 */
export function PeoplePanel({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      <RecoveryLinkForm />
      <Staff isAdmin={isAdmin} />
    </>
  );
}

/** A username typed in a form, turned into the account's `_id`. */
async function idOf(username: string): Promise<string> {
  return (await findProfile(username.trim().replace(/^@/, ''))).profile._id;
}

function RecoveryLinkForm() {
  const id = useId();
  const [username, setUsername] = useState('');
  const [link, setLink] = useState<ResetLink | null>(null);
  const reset = useResetLink();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setLink(null);
    try {
      const answer = await reset.mutateAsync(await idOf(username));
      setLink(answer.link);
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  const url = link ? new URL(link.url, window.location.origin).href : '';
  return (
    <section aria-labelledby={`${id}-title`} className="moderation__panel">
      <h2 id={`${id}-title`}>Account recovery</h2>
      <p className="moderation__muted">
        For someone who lost their password: the link works once, for one hour, and ends their other sessions.
      </p>
      <form className="moderation__inline-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-user`}>Username</label>
          <input id={`${id}-user`} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
        </div>
        <Button type="submit" busy={reset.isPending} disabled={username.trim() === ''}>
          Make recovery link
        </Button>
      </form>
      {link && (
        <div className="field">
          <label htmlFor={`${id}-link`}>Recovery link (valid until {formatTimeOfDay(link.expiresAt)})</label>
          <input id={`${id}-link`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </section>
  );
}

function Staff({ isAdmin }: { isAdmin: boolean }) {
  const id = useId();
  const { data, status, error } = useInfiniteQuery(staffOptions());
  const setRole = useSetRole();
  const [username, setUsername] = useState('');
  const staff = data?.pages.flatMap((p) => p.users) ?? [];
  const change = (userId: string, role: 'member' | 'moderator', name: string) =>
    setRole.mutate(
      { userId, role },
      {
        onSuccess: () =>
          toast.success(role === 'moderator' ? `@${name} is a moderator.` : `@${name} is a member again.`),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    try {
      change(await idOf(name), 'moderator', name);
      setUsername('');
    } catch (e) {
      toast.error(errorText(e));
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="moderation__panel">
      <h2 id={`${id}-title`}>Moderators and admins</h2>
      {status === 'pending' && <p role="status">Loading…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      <ul className="moderation__list">
        {staff.map((u) => (
          <li key={u._id} className="moderation__staff">
            <Handle user={u} /> <span className="moderation__badge">{u.role}</span>
            {isAdmin && u.role === 'moderator' ? (
              <Button size="sm" variant="secondary" onClick={() => change(u._id, 'member', u.username)}>
                Make member
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <form className="moderation__inline-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-user`}>Username of the new moderator</label>
            <input
              id={`${id}-user`}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="off"
            />
          </div>
          <Button type="submit" busy={setRole.isPending} disabled={username.trim() === ''}>
            Make moderator
          </Button>
        </form>
      ) : (
        <p className="moderation__muted">Admins name moderators.</p>
      )}
    </section>
  );
}
