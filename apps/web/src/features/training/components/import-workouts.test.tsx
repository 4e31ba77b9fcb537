import type { ImportPreview, ImportResult } from '@spotter/contract';
import { strongCsv, strongPreview } from '@spotter/contract/test-fixtures/strong-import';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { renderWithApp } from '../../../testing/render';
import { ImportWorkoutsButton } from './import-workouts';

/** The two calls, held until the test answers them; each remembers the file and its progress callback. */
const server = vi.hoisted(() => ({
  calls: [] as { kind: 'preview' | 'import'; file: File }[],
  progress: (() => undefined) as (fraction: number) => void,
  answer: (() => undefined) as (value: unknown) => void,
  refuse: (() => undefined) as (error: Error) => void,
}));
vi.mock('../api/import-workouts', () => {
  const held = (kind: 'preview' | 'import') => (file: File, onProgress: (fraction: number) => void) =>
    new Promise((resolve, reject) => {
      server.calls.push({ kind, file });
      server.progress = onProgress;
      server.answer = resolve;
      server.refuse = reject;
    });
  return { previewWorkoutsFile: held('preview'), importWorkoutsFile: held('import') };
});

afterEach(() => {
  cleanup();
  server.calls = [];
});

/** What the server answers for the Strong file (the server's tests send it and expect this). */
const preview: ImportPreview = { ...strongPreview, skipped: 1 };
const strongFile = () => new File([strongCsv], 'strong.csv', { type: 'text/csv' });

async function openAndPick(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<ImportWorkoutsButton />);
  await user.click(screen.getByRole('button', { name: 'Import from Strong or Hevy' }));
  const dialog = screen.getByRole('dialog', { name: 'Import from Strong or Hevy' });
  await user.upload(within(dialog).getByLabelText('CSV file from Strong or Hevy'), strongFile());
  return dialog;
}

describe('"Import from Strong or Hevy" (issue 46)', () => {
  it('reads the file with its progress, shows what it holds, imports with progress, then says what it did', async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = await openAndPick(user);
    expect(server.calls.map((c) => [c.kind, c.file.name])).toEqual([['preview', 'strong.csv']]);
    act(() => server.progress(0.5));
    expect(within(dialog).getByRole('progressbar', { name: 'Reading the file 50%' })).toBeTruthy();

    await act(async () => server.answer(preview));
    const shown = within(dialog).getByRole('region', { name: 'What the file holds' });
    const span = `${formatDay('2026-10-05T07:30:00.000Z')} to ${formatDay('2026-10-09T07:30:00.000Z')}`;
    expect(shown.textContent).toContain(`3 workouts with 10 sets, ${span}.`);
    expect(shown.textContent).toContain('1 workout already in your log (or without a set) will be left out.');
    const matched = within(shown).getByRole('list', { name: 'Exercises matched' });
    expect(
      within(matched)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bench Press (Barbell) → Barbell Bench Press',
      'Overhead Press (Barbell) → Overhead Press',
      'Running → Running',
      'Pull Up → Pull-Up',
    ]);
    const fresh = within(shown).getByRole('list', { name: 'New exercises' });
    expect(
      within(fresh)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cable Lateral Swing']);

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 workouts' }));
    expect(server.calls.map((c) => c.kind)).toEqual(['preview', 'import']);
    expect(server.calls[1]?.file).toBe(server.calls[0]?.file);
    act(() => server.progress(0.25));
    expect(within(dialog).getByRole('progressbar', { name: 'Importing 25%' })).toBeTruthy();
    act(() => server.progress(1));
    expect(within(dialog).getByRole('progressbar', { name: 'Saving the workouts…' })).toBeTruthy();

    const result: ImportResult = { imported: 3, skipped: 1, exercisesCreated: 1 };
    await act(async () => server.answer(result));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Imported 3 workouts. 1 new exercise made. 1 workout left out.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no import when everything is already there', async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = await openAndPick(user);
    await act(async () =>
      server.answer({
        ...preview,
        workouts: 0,
        skipped: 3,
        sets: 0,
        firstStartedAt: null,
        lastStartedAt: null,
        exercises: [],
      }),
    );
    expect(
      within(dialog).getByText('Nothing new to import: the workouts of this file are already in your log.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it("says the server's refusal in its words, and another file can be chosen", async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = await openAndPick(user);
    await act(async () =>
      server.refuse(new ApiError(400, ['row 2, Date: is not a real date between the years 1900 and 2200'])),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'row 2, Date: is not a real date between the years 1900 and 2200',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    expect(within(dialog).getByLabelText('CSV file from Strong or Hevy')).toBeTruthy();
  });
});
