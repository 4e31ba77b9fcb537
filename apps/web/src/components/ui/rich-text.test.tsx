import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { RichText } from './rich-text';

afterEach(cleanup);

describe('RichText', () => {
  it('links @mentions to the profile and #tags to the tag page, lowercased', () => {
    renderWithApp(
      <p data-testid="text">
        <RichText text={'Great set @maya_lifts! #SquatDay #légday, thanks @ana.'} />
      </p>,
    );
    expect(screen.getByRole('link', { name: '@maya_lifts' }).getAttribute('href')).toBe('/profilepage/maya_lifts');
    expect(screen.getByRole('link', { name: '#SquatDay' }).getAttribute('href')).toBe('/tags/squatday');
    expect(screen.getByRole('link', { name: '#légday' }).getAttribute('href')).toBe(
      `/tags/${encodeURIComponent('légday')}`,
    );
    expect(screen.getByRole('link', { name: '@ana' }).getAttribute('href')).toBe('/profilepage/ana');
    expect(screen.getByTestId('text').textContent).toBe('Great set @maya_lifts! #SquatDay #légday, thanks @ana.');
  });

  it('keeps hostile strings as text: no element is created from them', () => {
    const hostile =
      '<img src=x onerror="alert(1)"> #<script>alert(2)</script> @"><svg onload=alert(3)> #tag"><b>x</b> a@b.c &#35;x';
    renderWithApp(
      <p data-testid="text">
        <RichText text={hostile} />
      </p>,
    );
    const text = screen.getByTestId('text');
    expect(text.textContent).toBe(hostile);
    expect(text.querySelector('img, script, svg, b, iframe')).toBeNull();
    expect([...text.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['#tag']);
  });

  it("links `@name@host` to the remote person's profile on this server, whole", () => {
    renderWithApp(
      <p data-testid="text">
        <RichText text={'Spot @Ana@gym.example and @bob@127.0.0.3:8443.'} />
      </p>,
    );
    expect(screen.getByRole('link', { name: '@Ana@gym.example' }).getAttribute('href')).toBe(
      `/profilepage/${encodeURIComponent('Ana@gym.example')}`,
    );
    expect(screen.getByRole('link', { name: '@bob@127.0.0.3:8443' }).getAttribute('href')).toBe(
      `/profilepage/${encodeURIComponent('bob@127.0.0.3:8443')}`,
    );
    expect(screen.getByTestId('text').textContent).toBe('Spot @Ana@gym.example and @bob@127.0.0.3:8443.');
  });
});
