import { type AuditAction, type AuditEntry, auditActions, routes } from '@spotter/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { AuditLog } from './audit-log';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const person = (username: string) => ({ _id: username, username, firstname: 'A', lastname: 'B', avatarUrl: '' });
const mia = person('mia');
const tom = person('troll_tom');

const entry = (action: AuditAction, more: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: `e-${action}-${more.target?.type ?? ''}`,
  action,
  moderator: mia,
  subject: tom,
  reportId: null,
  target: null,
  reason: null,
  note: '',
  suspendDays: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  ...more,
});
const post = { type: 'post', _id: 'p1' } as const;

/** Issue 47, item 4: every action of the audit log as a sentence, people as links to their profiles. */
const sentences: [AuditEntry, string][] = [
  [
    entry('remove_content', { target: post, reason: 'spam', note: 'Pills again' }),
    '@mia removed a post by @troll_tom. Reason: Spam or advertising. Note: “Pills again”',
  ],
  [
    entry('remove_content', { target: { type: 'comment', _id: 'c1' }, reason: 'harassment' }),
    '@mia removed a comment by @troll_tom. Reason: Harassment or hate.',
  ],
  [
    entry('dismiss', { target: { type: 'user', _id: 'u1' }, reason: 'other', note: 'Satire' }),
    '@mia dismissed the report of the account @troll_tom. Reason: Something else. Note: “Satire”',
  ],
  [
    entry('suspend_user', { target: post, reason: 'violence', suspendDays: 7 }),
    '@mia suspended @troll_tom for 7 days. Reason: Violence or threats.',
  ],
  [
    entry('suspend_user', { _id: 'e-one-day', reason: 'spam', suspendDays: 1 }),
    '@mia suspended @troll_tom for 1 day. Reason: Spam or advertising.',
  ],
  [
    entry('suspend_user', { _id: 'e-indefinite', reason: 'spam' }),
    '@mia suspended @troll_tom indefinitely. Reason: Spam or advertising.',
  ],
  [entry('unsuspend'), '@mia lifted the suspension of @troll_tom.'],
  [entry('restore_content', { target: post }), '@mia restored a post by @troll_tom.'],
  [entry('grant_moderator'), '@mia made @troll_tom a moderator.'],
  [entry('revoke_moderator'), '@mia made @troll_tom a member again (no longer a moderator).'],
  [entry('grant_admin', { moderator: null }), 'The server’s operator made @troll_tom an admin.'],
  [entry('revoke_admin', { moderator: null }), 'The server’s operator made @troll_tom no longer an admin.'],
  [entry('reset_link', { subject: null }), '@mia made an account-recovery link for a deleted account.'],
];

describe('the audit log', () => {
  it('writes each entry as a sentence, for every action', async () => {
    expect(new Set(sentences.map(([e]) => e.action))).toEqual(new Set(auditActions));
    stubApi((call) =>
      isCall(call, routes.auditLog)
        ? jsonResponse(200, { entries: sentences.map(([e]) => e), nextCursor: null })
        : undefined,
    );
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<AuditLog />);
    const items = await screen.findAllByTestId('audit-entry');
    // Each line: its time, then the sentence.
    expect(items.map((li) => li.textContent?.replace(/^.*?(@mia|The server’s operator)/, '$1'))).toEqual(
      sentences.map(([, text]) => text),
    );
    const first = items[0]?.querySelectorAll('a') ?? [];
    expect([...first].map((a) => a.getAttribute('href'))).toEqual(['/profilepage/mia', '/profilepage/troll_tom']);
  });
});
