import { type CardPost, routes, uiMessages } from '@spotter/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { accessibleDescription, waitForToast } from '../../../testing/screen-facts';
import { PostComposer } from './post-composer';

/** Up to four photos per post, in an order the author picks, each with alt text (issue 47, item 11). */

// Uploads answer at once with a stored URL named after the file.
vi.mock('../../../lib/upload-media', () => ({
  uploadMedia: async (file: File) => ({ url: `/media/${file.name}.webp`, type: 'image' }),
}));

// jsdom has no object URLs: the composer's local previews.
const realUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${++n}`;
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  URL.createObjectURL = realUrls.create;
  URL.revokeObjectURL = realUrls.revoke;
});
afterEach(() => {
  cleanup();
});

const photo = (name: string) => new File(['png'], name, { type: 'image/png' });

const createCalls = (calls: SentCall[]) => calls.filter((call) => isCall(call, routes.createPost));

/** The photos in the composer, in order: each one's handle ("Photo 1 of 3") tells which file it is. */
const order = () =>
  screen.getAllByRole('listitem').map((item) => within(item).getByRole('img').getAttribute('alt') ?? '');

async function composerWith(files: File[]) {
  const calls = stubApi((call) =>
    isCall(call, routes.createPost) ? jsonResponse(201, { post: { _id: 'p1' } }) : undefined,
  );
  const user = userEvent.setup({ delay: null });
  renderWithApp(<PostComposer label="New post" />);
  await user.upload(screen.getByLabelText(/^Add a photo/), files);
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: /Uploading/ })).toBeNull());
  return { calls, user };
}

describe('several photos in the composer', () => {
  it('are put in order with the arrow keys, Home and End, and Earlier and Later, each move announced', async () => {
    const { calls, user } = await composerWith([photo('a'), photo('b'), photo('c')]);
    // Each preview is named by its alt text once written, else by its place.
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      await user.type(screen.getByLabelText(`Describe photo ${i + 1} (alt text)`), name);
    }
    expect(order()).toEqual(['a', 'b', 'c']);

    const handle = screen.getByRole('button', { name: 'Photo 1 of 3' });
    expect(accessibleDescription(handle)).toBe('Drag, or use the arrow keys, to change the order');
    handle.focus();
    await user.keyboard('{ArrowRight}');
    expect(order()).toEqual(['b', 'a', 'c']);
    // Focus stays on the photo that moved, under its new place.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photo 2 of 3' }));
    expect(screen.getByText('Photo 1 moved to position 2 of 3')).toBeTruthy();
    await user.keyboard('{End}');
    expect(order()).toEqual(['b', 'c', 'a']);
    await user.keyboard('{ArrowUp}');
    expect(order()).toEqual(['b', 'a', 'c']);
    await user.keyboard('{Home}');
    expect(order()).toEqual(['a', 'b', 'c']);

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(order()).toEqual(['b', 'a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(order()).toEqual(['b', 'c', 'a']);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(order()).toEqual(['b', 'a']);
    await user.clear(screen.getByLabelText('Describe photo 2 (alt text)'));
    await user.type(screen.getByLabelText('Describe photo 2 (alt text)'), '  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(createCalls(calls)).toHaveLength(1));
    // Photos go as one list in the order shown, with their alt texts; no `image` beside them.
    expect(createCalls(calls)[0]?.body).toEqual({
      postData: {
        content: '',
        photos: [
          { url: '/media/b.webp', alt: 'b' },
          { url: '/media/a.webp', alt: null },
        ],
      },
    });
  });

  it('are reordered by dragging a photo’s handle onto another photo', async () => {
    const { user } = await composerWith([photo('a'), photo('b'), photo('c')]);
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      await user.type(screen.getByLabelText(`Describe photo ${i + 1} (alt text)`), name);
    }
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    fireEvent.dragStart(screen.getByRole('button', { name: 'Photo 3 of 3' }), {
      dataTransfer: { setData: () => {}, effectAllowed: 'all' },
    });
    fireEvent.dragOver(first);
    fireEvent.drop(first);
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(screen.getByText('Photo 3 moved to position 1 of 3')).toBeTruthy();
  });

  it('stop at four: a fifth is refused with a toast, and one photo reads as it always did', async () => {
    await composerWith(['a', 'b', 'c', 'd', 'e'].map(photo));
    await waitForToast(uiMessages.tooManyPhotos);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    for (const n of [4, 3, 2]) await userEvent.click(screen.getByRole('button', { name: `Remove photo ${n}` }));
    expect(screen.getByLabelText('Describe the photo (alt text)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /of 1/ })).toBeNull();
  });
});

describe('editing a post with photos', () => {
  const post = {
    _id: 'b7d3c2a0-0000-4000-8000-000000000001',
    content: 'Three angles',
    image: '/media/a.webp',
    mediaType: 'image',
    alt: 'Front',
    mediaWidth: 320,
    mediaHeight: 200,
    visibility: 'public',
    photos: [
      { url: '/media/a.webp', alt: 'Front', width: 320, height: 200 },
      { url: '/media/b.webp', alt: null, width: 320, height: 200 },
    ],
  } as CardPost;

  it('shows them in order with their alt texts, and sends the list only when it changed', async () => {
    const calls = stubApi((call) => (isCall(call, routes.editPost) ? jsonResponse(201, { post }) : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PostComposer post={post} />);
    expect(screen.getByLabelText('Describe photo 1 (alt text)')).toHaveProperty('value', 'Front');
    expect(screen.getByLabelText('Describe photo 2 (alt text)')).toHaveProperty('value', '');
    const edits = () => calls.filter((call) => isCall(call, routes.editPost)).map((call) => call.body);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(edits()).toEqual([{ postData: { content: 'Three angles' } }]));

    screen.getByRole('button', { name: 'Photo 2 of 2' }).focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(edits()).toHaveLength(2));
    expect(edits()[1]).toEqual({
      postData: {
        photos: [
          { url: '/media/b.webp', alt: null },
          { url: '/media/a.webp', alt: 'Front' },
        ],
      },
    });
  });
});
