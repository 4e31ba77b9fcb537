import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderWithApp } from '../../testing/render';
import { signInAs, testUser } from '../../testing/session';
import { OthersMenu } from './others-menu';

afterEach(() => {
  cleanup();
  clearSession();
});

const tom = { _id: 'u2', username: 'tom' };

function renderMenu(props: { muted?: boolean } = {}) {
  renderWithApp(
    <OthersMenu label="Options for @tom's post" subject={{ type: 'post', id: 'p1' }} author={tom} {...props} />,
  );
}

describe("the ⋯ menu of someone else's post, comment or profile", () => {
  it('offers Mute and Block (safety), then Report (moderation)', async () => {
    signInAs(testUser());
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: "Options for @tom's post" }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Mute @tom', 'Block @tom', 'Report']);
  });

  it('offers Unmute for someone muted, and opens the report dialog for the thing it is about', async () => {
    signInAs(testUser());
    renderMenu({ muted: true });
    await userEvent.click(screen.getByRole('button', { name: "Options for @tom's post" }));
    expect(screen.getByRole('menuitem', { name: 'Unmute @tom' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeTruthy();
  });

  it("shows nothing on one's own things, nor to a visitor", () => {
    signInAs(testUser({ _id: tom._id, username: tom.username }));
    renderMenu();
    expect(screen.queryByRole('button', { name: "Options for @tom's post" })).toBeNull();
    cleanup();
    clearSession();
    renderMenu();
    expect(screen.queryByRole('button', { name: "Options for @tom's post" })).toBeNull();
  });
});
