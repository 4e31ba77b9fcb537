import { routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { clearSession } from '../../lib/session';
import { isCall, type SentCall, stubApi } from '../../testing/api-stub';
import { cardPost } from '../../testing/card-post';
import { jsonResponse, renderRoutes } from '../../testing/render';
import { stubResizeObserver } from '../../testing/screen-facts';
import { signInAs, testUser } from '../../testing/session';
import { SearchRoute } from './search';

/**
 * The search page (/search?q=, issue 47): its tabs People, Posts and Tags against a stand-in of
 * GET /api/search, which answers as apps/server/tests/search-page.test.ts pins the server's answers.
 */

beforeEach(() => signInAs(testUser({ _id: 'me', username: 'ada_lifts' })));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const maya: UserSummary = { _id: 'u1', username: 'maya_lifts', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' };
const fan: UserSummary = { _id: 'u2', username: 'okaforfan', firstname: 'Test', lastname: 'Fan', avatarUrl: '' };

/** People: a first page of one with a cursor, then a second; posts: one; tags: one. */
function stubSearch() {
  return stubApi((call: SentCall) => {
    if (!isCall(call, routes.search)) return undefined;
    const type = call.query.get('type');
    if (type === 'posts')
      return jsonResponse(200, {
        type,
        posts: [cardPost({ author: maya, content: 'Okafor squats at dawn' })],
        nextCursor: null,
      });
    if (type === 'tags') return jsonResponse(200, { type, tags: [{ tag: 'okaforday', posts: 2 }], nextCursor: null });
    return call.query.get('cursor') === 'page-2'
      ? jsonResponse(200, { type, users: [fan], nextCursor: null })
      : jsonResponse(200, { type, users: [maya], nextCursor: 'page-2' });
  });
}

const screens: RouteObject[] = [
  { path: paths.searchPattern, Component: SearchRoute },
  { path: paths.profilePattern, element: <h1>A profile</h1> },
  { path: paths.tagPattern, element: <h1>A tag page</h1> },
];

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const searchCalls = (calls: SentCall[]) =>
  calls.filter((call) => isCall(call, routes.search)).map((call) => Object.fromEntries(call.query));

describe('the search page', () => {
  it('opens on People for the text in the address, with more on demand, each linking to a profile', async () => {
    const calls = stubSearch();
    const user = userEvent.setup();
    renderRoutes(screens, paths.search('okafor'));
    expect(tab('People').getAttribute('aria-selected')).toBe('true');
    expect(tab('Posts').getAttribute('aria-selected')).toBe('false');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('People').id);
    const first = await within(panel()).findByRole('link', { name: /@maya_lifts/ });
    expect(first.getAttribute('href')).toBe('/profilepage/maya_lifts');
    await user.click(screen.getByRole('button', { name: 'More people' }));
    expect(await within(panel()).findByRole('link', { name: /@okaforfan/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More people' })).toBeNull();
    expect(searchCalls(calls)).toEqual([
      { q: 'okafor', type: 'people', limit: '20' },
      { q: 'okafor', type: 'people', limit: '20', cursor: 'page-2' },
    ]);
    expect((screen.getByLabelText('Search people, posts and tags') as HTMLInputElement).value).toBe('okafor');
  });

  it('Posts and Tags are tabs of their own address, reached by click or arrow keys', async () => {
    const calls = stubSearch();
    const user = userEvent.setup();
    stubResizeObserver();
    const { router } = renderRoutes(screens, paths.search('okafor'));
    await user.click(tab('Posts'));
    expect(router.state.location.search).toBe('?q=okafor&type=posts');
    expect(tab('Posts').getAttribute('aria-selected')).toBe('true');
    expect(await within(panel()).findByText('Okafor squats at dawn')).toBeTruthy();
    expect(searchCalls(calls)).toContainEqual({ q: 'okafor', type: 'posts', limit: '10' });

    tab('Posts').focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?q=okafor&type=tags');
    expect(document.activeElement).toBe(tab('Tags'));
    const tagLink = await within(panel()).findByRole('link', { name: '#okaforday' });
    expect(tagLink.getAttribute('href')).toBe('/tags/okaforday');
    expect(within(panel()).getByText('2 posts')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?q=okafor');

    await router.navigate(-1);
    await waitFor(() => expect(tab('Tags').getAttribute('aria-selected')).toBe('true'));
  });

  it('a new text is searched on Enter in the same tab; an empty page asks for one and sends nothing', async () => {
    const calls = stubSearch();
    const user = userEvent.setup();
    const { router } = renderRoutes(screens, paths.search('', 'tags'));
    expect(screen.getByText('Type a name, a word or a #tag, then press Enter.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    await user.type(screen.getByLabelText('Search people, posts and tags'), '  okaforday {Enter}');
    expect(router.state.location.search).toBe('?q=okaforday&type=tags');
    expect(await within(panel()).findByRole('link', { name: '#okaforday' })).toBeTruthy();
    expect(searchCalls(calls)).toEqual([{ q: 'okaforday', type: 'tags', limit: '20' }]);
  });

  it('says so when nothing is found', async () => {
    stubApi((call) =>
      isCall(call, routes.search)
        ? jsonResponse(200, { type: call.query.get('type'), users: [], tags: [], nextCursor: null })
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(screens, paths.search('nobody'));
    expect(await within(panel()).findByText('No user found')).toBeTruthy();
    await user.click(tab('Tags'));
    expect(await within(panel()).findByText('No tags found')).toBeTruthy();
  });
});
