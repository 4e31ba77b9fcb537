import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoreButton } from './more-button';

afterEach(cleanup);

describe('MoreButton', () => {
  it('loads the next page when pressed', async () => {
    const fetchNextPage = vi.fn();
    render(<MoreButton pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}>Show more</MoreButton>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is busy and disabled while a page loads', () => {
    render(
      <MoreButton pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage: vi.fn() }}>
        Show more
      </MoreButton>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Show more' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('is not there on the last page', () => {
    render(
      <MoreButton pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }}>
        Show more
      </MoreButton>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
