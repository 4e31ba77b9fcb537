import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, trainingErrors } from '@spotter/contract';
import { importPreviewSchema, workoutPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { importCsv, previewCsv } from './helpers/import-csv';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const strong = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/training/strong.csv'), 'utf8');

async function preview(token: string, csv: string, query = '') {
  const res = await previewCsv(t().app, token, csv, query);
  expect(res.statusCode, res.body).toBe(200);
  return importPreviewSchema.parse(res.json());
}

describe('POST /api/workouts/import/preview', () => {
  it('says what a Strong file would add and which exercise each name lands on, storing nothing; after the import, that nothing is left to add', async () => {
    const { token } = await t().signup('preview_ana');
    expect(await preview(token, strong)).toEqual({
      workouts: 3,
      skipped: 0,
      // The run's "Rest Timer" row is no set.
      sets: 10,
      firstStartedAt: '2026-10-05T07:30:00.000Z',
      lastStartedAt: '2026-10-09T07:30:00.000Z',
      exercises: [
        {
          name: 'Bench Press (Barbell)',
          matched: { exerciseId: 'barbell-bench-press', name: 'Barbell Bench Press' },
          sets: 5,
        },
        {
          name: 'Overhead Press (Barbell)',
          matched: { exerciseId: 'overhead-press', name: 'Overhead Press' },
          sets: 2,
        },
        { name: 'Cable Lateral Swing', matched: null, sets: 1 },
        { name: 'Running', matched: { exerciseId: 'running', name: 'Running' }, sets: 1 },
        { name: 'Pull Up', matched: { exerciseId: 'pull-up', name: 'Pull-Up' }, sets: 1 },
      ],
    });
    const workouts = await t().call('GET', '/api/users/preview_ana/workouts?limit=50');
    expect(workoutPageSchema.parse(workouts.json()).workouts).toEqual([]);
    const custom = await t().call('GET', '/api/exercises?q=lateral swing', { token });
    expect(custom.json().exercises).toEqual([]);

    const res = await importCsv(t().app, token, strong);
    expect(res.json()).toEqual({ imported: 3, skipped: 0, exercisesCreated: 1 });
    expect(await preview(token, strong)).toEqual({
      workouts: 0,
      skipped: 3,
      sets: 0,
      firstStartedAt: null,
      lastStartedAt: null,
      exercises: [],
    });
  });

  it('refuses what the import refuses, with the same words, and needs a token', async () => {
    const { token } = await t().signup('preview_bad');
    const header = strong.split('\n')[0] ?? '';
    const empty = await previewCsv(t().app, token, `${header}\n`);
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().errors).toEqual([trainingErrors.importNothing]);
    const noFile = await t().call('POST', '/api/workouts/import/preview', { token, body: {} });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json().errors).toEqual([apiErrors.noFile]);
    const anonymous = await previewCsv(t().app, undefined, strong);
    expect(anonymous.statusCode).toBe(401);
  });
});
