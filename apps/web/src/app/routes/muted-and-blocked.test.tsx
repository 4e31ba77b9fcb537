import { type Profile, routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { clearSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
import { jsonResponse, renderRoutes, renderWithApp } from '../../testing/render';
import { signInAs, testUser } from '../../testing/session';
import { OthersMenu } from '../slots/others-menu';
import { ProfileRoute } from './profile';

/**
 * Issue 47, item 2: once @tom is muted (or blocked), the "⋯" menu of his post offers Unmute (or
 * Unblock), and his profile says "Muted" with an Unmute button.
 */
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const tom: UserSummary = { _id: 'u2', username: 'tom', firstname: 'Tom', lastname: 'Trail', avatarUrl: '' };
const tomsProfile = (muted: boolean): Profile => ({
  ...tom,
  bio: '',
  website: '',
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  followedByMe: false,
  ...(muted ? { mutedByMe: true as const } : {}),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A server keeping the signed-in person's mutes and blocks as the real one does. */
function stubRelations(start: { mutes?: UserSummary[]; blocks?: UserSummary[] } = {}) {
  const lists = { mute: [...(start.mutes ?? [])], block: [...(start.blocks ?? [])] };
  const calls = stubApi((call) => {
    if (isCall(call, routes.listMutes)) return jsonResponse(200, { users: lists.mute, nextCursor: null });
    if (isCall(call, routes.listBlocks)) return jsonResponse(200, { users: lists.block, nextCursor: null });
    if (isCall(call, routes.muteUser)) lists.mute = [tom];
    else if (isCall(call, routes.unmuteUser)) lists.mute = [];
    else if (isCall(call, routes.unblockUser)) lists.block = [];
    else if (isCall(call, routes.profile)) return jsonResponse(200, { profile: tomsProfile(lists.mute.length > 0) });
    else if (isCall(call, routes.postsByUser)) return jsonResponse(200, { posts: [], nextCursor: null });
    else return undefined;
    return jsonResponse(200, { ok: true });
  });
  return { calls, lists };
}

const openPostMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: "Options for @tom's post" }));
  return within(screen.getByRole('menu'));
};
const renderPostMenu = () =>
  renderWithApp(<OthersMenu label="Options for @tom's post" subject={{ type: 'post', id: 'p1' }} author={tom} />);

describe('the ⋯ menu of a post by someone muted or blocked', () => {
  it('says "Unmute @tom" after muting him, and "Mute @tom" again after unmuting', async () => {
    const { calls } = stubRelations();
    signInAs(testUser());
    renderPostMenu();
    await userEvent.click((await openPostMenu()).getByRole('menuitem', { name: 'Mute @tom' }));
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.muteUser))).toBe(true));
    await waitFor(async () => {
      expect((await openPostMenu()).getByRole('menuitem', { name: 'Unmute @tom' })).toBeTruthy();
    });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unmute @tom' }));
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.unmuteUser))).toBe(true));
    await waitFor(async () => {
      expect((await openPostMenu()).getByRole('menuitem', { name: 'Mute @tom' })).toBeTruthy();
    });
  });

  it('says "Unmute @tom" for someone muted before this page was opened', async () => {
    stubRelations({ mutes: [tom] });
    signInAs(testUser());
    renderPostMenu();
    await waitFor(async () => {
      const items = (await openPostMenu()).getAllByRole('menuitem').map((item) => item.textContent);
      expect(items).toEqual(['Unmute @tom', 'Block @tom', 'Report']);
    });
  });

  it('says "Unblock @tom" for someone blocked, and unblocks without asking', async () => {
    const { calls } = stubRelations({ blocks: [tom] });
    signInAs(testUser());
    renderPostMenu();
    await waitFor(async () => {
      expect((await openPostMenu()).getByRole('menuitem', { name: 'Unblock @tom' })).toBeTruthy();
    });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock @tom' }));
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.unblockUser))).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the profile of someone muted', () => {
  const screens: RouteObject[] = [{ path: paths.profilePattern, Component: ProfileRoute }];

  it('shows "Muted" with an Unmute button, gone once unmuted', async () => {
    const { calls } = stubRelations({ mutes: [tom] });
    signInAs(testUser());
    renderRoutes(screens, paths.profile('tom'));
    expect(await screen.findByText('Muted')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unmute @tom' }));
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.unmuteUser))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Muted')).toBeNull());
  });

  it('shows no such state for someone not muted', async () => {
    stubRelations();
    signInAs(testUser());
    renderRoutes(screens, paths.profile('tom'));
    expect(await screen.findByRole('heading', { name: 'Tom Trail' })).toBeTruthy();
    expect(screen.queryByText('Muted')).toBeNull();
  });
});
