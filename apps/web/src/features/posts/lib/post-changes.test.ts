import type { CardPost } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { changedFields } from './post-changes';

const post = {
  content: 'Deadlift day',
  image: '/media/abc.webp',
  mediaType: 'image',
  alt: 'A barbell',
} as CardPost;
const same = { content: 'Deadlift day', image: '/media/abc.webp', mediaType: 'image', alt: 'A barbell' } as const;

describe('changedFields', () => {
  it('sends only the text when only the text changed', () => {
    expect(changedFields(post, { ...same, content: 'Deadlift PR day' })).toEqual({ content: 'Deadlift PR day' });
  });

  it('sends image and type together when the media changed or was removed', () => {
    expect(changedFields(post, { ...same, image: '/media/new.webm', mediaType: 'video', alt: null })).toEqual({
      image: '/media/new.webm',
      mediaType: 'video',
      alt: null,
    });
    expect(changedFields(post, { ...same, image: null, mediaType: null, alt: null })).toEqual({
      image: null,
      mediaType: null,
      alt: null,
    });
  });

  it('sends the alt text alone when only it changed', () => {
    expect(changedFields(post, { ...same, alt: 'Red plates' })).toEqual({ alt: 'Red plates' });
  });

  it('sends the text when nothing changed', () => {
    expect(changedFields(post, same)).toEqual({ content: 'Deadlift day' });
  });
});
