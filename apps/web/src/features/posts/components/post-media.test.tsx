import type { CardPost } from '@spotter/contract';
import { cleanup, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { renderRoutes } from '../../../testing/render';
import { PostMedia } from './post-media';

/** A post's photos as a grid on its card and a swipeable full-size viewer (issue 47, item 11). */

afterEach(() => cleanup());

const photos = [
  { url: '/media/a.webp', alt: 'Bar at the knee', width: 320, height: 200 },
  { url: '/media/b.webp', alt: null, width: 320, height: 200 },
  { url: 'https://example.com/c.jpg', alt: 'Lockout', width: null, height: null },
  { url: '/media/d.webp', alt: 'Chalk', width: 320, height: 200 },
];
const post = {
  _id: 'b7d3c2a0-0000-4000-8000-000000000001',
  content: 'Four angles',
  image: '/media/a.webp',
  mediaType: 'image',
  alt: 'Bar at the knee',
  mediaWidth: 320,
  mediaHeight: 200,
  username: 'maya_lifts',
  photos,
} as CardPost;
const names = ['Bar at the knee', 'Photo 2 of 4 by @maya_lifts', 'Lockout', 'Chalk'];

function render(at: string, shown: CardPost = post) {
  return renderRoutes(
    [
      { path: paths.postPattern, element: <PostMedia post={shown} /> },
      { path: paths.explore, element: <PostMedia post={shown} /> },
    ],
    at,
  );
}

/** A pointer gesture on the photo from one x to another (jsdom's events carry no coordinates). */
function swipe(element: HTMLElement, fromX: number, toX: number) {
  for (const [make, x] of [
    [createEvent.pointerDown, fromX],
    [createEvent.pointerUp, toX],
  ] as const) {
    const event = make(element);
    Object.defineProperties(event, { clientX: { value: x }, clientY: { value: 100 } });
    fireEvent(element, event);
  }
}

describe('a card with several photos', () => {
  it('shows them as one grid in order, with their alt texts; a tap in a list opens the post', async () => {
    const { router } = render(paths.explore);
    const grid = screen.getByRole('list', { name: '4 photos' });
    const images = within(grid).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(names);
    expect(images.map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => p.url));
    expect(grid.className).toContain('post-photos--4');
    await userEvent.click(images[2] as HTMLElement);
    expect(router.state.location.pathname).toBe(paths.post(post._id));
  });

  it('shows one photo as it always did, at its own size', () => {
    render(paths.explore, { ...post, photos: [photos[0]] } as CardPost);
    expect(screen.queryByRole('list')).toBeNull();
    const image = screen.getByRole('img', { name: 'Bar at the knee' });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '200']);
  });
});

describe('the viewer of several photos', () => {
  it('opens at the photo pressed; Next, Previous, the arrow keys and a swipe turn; Escape closes', async () => {
    const user = userEvent.setup({ delay: null });
    render(paths.post(post._id));
    const opener = screen.getByRole('button', { name: new RegExp(`^${names[1]} ?\\(open full size\\)$`) });
    await user.click(opener);
    const viewer = await screen.findByRole('dialog', { name: 'Photos, full size' });
    const shown = () => within(viewer).getByRole('img').getAttribute('alt');
    expect(shown()).toBe(names[1]);
    expect(within(viewer).getByText('Photo 2 of 4')).toBeTruthy();
    // The viewer's chunk loads lazily: focus moves in once it has rendered.
    await waitFor(() => expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close' })));

    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe(names[2]);
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(shown()).toBe(names[3]);
    expect(within(viewer).getByText('Photo 4 of 4')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Next photo' })).toHaveProperty('disabled', true);
    // Next, pressed to get here and now disabled, hands focus to Close.
    expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close' }));
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe(names[3]);

    swipe(within(viewer).getByRole('img'), 100, 300); // to the right: the one before
    expect(shown()).toBe(names[2]);
    swipe(within(viewer).getByRole('img'), 300, 280); // too short: a tap
    expect(shown()).toBe(names[2]);
    swipe(within(viewer).getByRole('img'), 300, 100); // to the left: the next
    expect(shown()).toBe(names[3]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(shown()).toBe(names[0]);
    expect(within(viewer).getByRole('button', { name: 'Previous photo' })).toHaveProperty('disabled', true);

    // Tab goes round the viewer's buttons and never leaves it.
    await user.tab();
    await user.tab();
    expect(viewer.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
