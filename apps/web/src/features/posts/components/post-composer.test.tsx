import { type MediaLimits, uiMessages } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMediaLimits } from '../../../lib/media-limits';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { PostComposer } from './post-composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
