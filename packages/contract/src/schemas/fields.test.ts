import { describe, expect, it } from 'vitest';
import { createPostBodySchema } from './posts';
import { editProfileBodySchema, signupBodySchema } from './users';

describe('URL fields refuse anything but http(s)', () => {
  const image = (value: string) => createPostBodySchema.safeParse({ postData: { content: 'x', image: value } }).success;
  const website = (value: string) => editProfileBodySchema.safeParse({ userData: { website: value } }).success;

  it.each(['javascript:alert(1)', 'data:text/html,<script>', 'blob:http://x/1', 'ftp://x', '//evil.example/a.png'])(
    'refuses %s as a post image and a website',
    (value) => {
      expect(image(value)).toBe(false);
      expect(website(value)).toBe(false);
    },
  );

  it('accepts http(s) URLs, uploaded media paths and empty values where they mean "none"', () => {
    expect(image('https://example.com/a.jpg')).toBe(true);
    expect(image('/media/abc.webp')).toBe(true);
    expect(image('')).toBe(true);
    expect(image('/avatars/x.svg')).toBe(false);
    expect(website('http://example.com')).toBe(true);
    expect(website('')).toBe(true);
  });
});

describe('signup', () => {
  it('needs all four fields and a URL-safe username', () => {
    const base = { firstname: 'A', lastname: 'B', username: 'ab_1.c', password: 'password' };
    expect(signupBodySchema.safeParse(base).success).toBe(true);
    expect(signupBodySchema.safeParse({ ...base, firstname: '' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...base, username: 'a/b' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...base, username: 'x'.repeat(31) }).success).toBe(false);
  });
});

describe('posts', () => {
  it('refuses a post with neither text nor media, naming the field', () => {
    const result = createPostBodySchema.safeParse({ postData: { content: '   ' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['postData', 'content']);
    expect(result.error?.issues[0]?.message).toBe('Add content to post');
  });
});
