import { acceptedImageTypes, acceptedVideoTypes, type MediaLimits, routes, uiMessages } from '@spotter/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMediaLimits } from '../../../lib/media-limits';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { shownToasts, waitForToast } from '../../../testing/screen-facts';
import { PostComposer } from './post-composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server whose GET /api/media/limits answers these limits. */
function serverWith(limits: MediaLimits) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/media/limits' ? jsonResponse(200, limits) : jsonResponse(404, { errors: ['Not found'] }),
    ),
  );
}

describe('the composer follows what the server takes', () => {
  it('offers photos only, with a short note, on a server without video', async () => {
    serverWith({ ...defaultMediaLimits, kinds: ['image'] });
    renderWithApp(<PostComposer />);
    const picker = await screen.findByLabelText('Add a photo');
    expect(picker.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif');
    const note = screen.getByText(uiMessages.photosOnly);
    expect(picker.getAttribute('aria-describedby')).toBe(note.id);
    expect(screen.queryByLabelText('Add a photo or video')).toBeNull();
  });

  it('offers photos and videos, with no note, on a server with video', async () => {
    // Only WebP photos here, so the picker shows once the server's answer is in.
    serverWith({ ...defaultMediaLimits, imageTypes: ['image/webp'], kinds: ['image', 'video'] });
    renderWithApp(<PostComposer />);
    const picker = screen.getByLabelText('Add a photo or video');
    await waitFor(() => expect(picker.getAttribute('accept')).toBe('image/webp,video/mp4,video/webm'));
    expect(screen.queryByText(uiMessages.photosOnly)).toBeNull();
  });
});

describe('what the composer refuses before sending anything', () => {
  it('an empty composer says "Add content to post" and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PostComposer label="New post" />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitForToast(uiMessages.addContent);
    await user.type(screen.getByPlaceholderText("What's happening!"), '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(shownToasts().filter((text) => text === uiMessages.addContent)).toHaveLength(2));
    expect(calls.filter((call) => isCall(call, routes.createPost))).toEqual([]);
  });

  it('a file of the wrong type or too large is refused before anything is sent', async () => {
    // The server announces its limits; a 1 MB photo limit keeps the test file small.
    stubApi((call) =>
      isCall(call, routes.mediaLimits)
        ? jsonResponse(200, {
            imageMaxBytes: 1024 * 1024,
            videoMaxBytes: 50 * 1024 * 1024,
            imageTypes: [...acceptedImageTypes],
            videoTypes: [...acceptedVideoTypes],
          })
        : undefined,
    );
    // Uploads go by XMLHttpRequest (for their progress).
    const uploads = vi.spyOn(XMLHttpRequest.prototype, 'open');
    // As a person may pick any file whatever the picker's accept attribute says.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderWithApp(<PostComposer label="New post" />);
    const picker = screen.getByLabelText('Add a photo or video');
    await waitFor(() => expect(picker.getAttribute('accept')).toContain('image/jpeg'));
    await user.upload(picker, new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }));
    await waitForToast(
      'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, WebM).',
    );
    await user.upload(picker, new File([new Uint8Array(1.5 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
    await waitForToast('This photo is too large (1.5 MB): the limit is 1 MB.');
    // No upload's progress bar (the toasts have timers of their own).
    expect(screen.queryByRole('progressbar', { name: /Uploading/ })).toBeNull();
    expect(uploads).not.toHaveBeenCalled();
  });
});

describe('writing near the limit (issue 47)', () => {
  it('Ctrl+Enter and Cmd+Enter post; Enter alone is a new line', async () => {
    const calls = stubApi((call) =>
      isCall(call, routes.createPost) ? jsonResponse(201, { createdPost: { _id: 'p1' } }) : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PostComposer label="New post" />);
    const text = screen.getByPlaceholderText("What's happening!");
    await user.type(text, 'Deadlift day{Enter}new PR');
    expect(calls.filter((call) => isCall(call, routes.createPost))).toEqual([]);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.filter((call) => isCall(call, routes.createPost))).toHaveLength(1));
    expect(calls.find((call) => isCall(call, routes.createPost))?.body).toMatchObject({
      postData: { content: 'Deadlift day\nnew PR' },
    });
    await waitFor(() => expect(text).toHaveProperty('value', ''));
    await user.type(text, 'Squat day');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(calls.filter((call) => isCall(call, routes.createPost))).toHaveLength(2));
  });

  it('shows the characters left only near the 10,000 limit, and over it says so and will not post', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApp(<PostComposer label="New post" />);
    const text = screen.getByPlaceholderText("What's happening!");
    fireEvent.change(text, { target: { value: 'a'.repeat(9_000) } });
    expect(screen.queryByText(/characters? left/)).toBeNull();
    fireEvent.change(text, { target: { value: 'a'.repeat(9_999) } });
    expect(screen.getByText('1 character left')).toBeTruthy();
    expect(text.getAttribute('aria-describedby')).toBe(screen.getByText('1 character left').id);
    fireEvent.change(text, { target: { value: 'a'.repeat(10_002) } });
    expect(screen.getByText('2 characters over the limit')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
    await user.click(text);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(calls.filter((call) => isCall(call, routes.createPost))).toEqual([]);
  });
});
