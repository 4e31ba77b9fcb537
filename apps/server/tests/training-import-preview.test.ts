import { apiErrors, trainingErrors } from '@spotter/contract';
import { importPreviewSchema, workoutPageSchema } from '@spotter/contract/schemas';
import { strongCsv as strong, strongPreview } from '@spotter/contract/test-fixtures/strong-import';
import { describe, expect, it } from 'vitest';
import { importCsv, previewCsv } from './helpers/import-csv';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function preview(token: string, csv: string, query = '') {
  const res = await previewCsv(t().app, token, csv, query);
  expect(res.statusCode, res.body).toBe(200);
  return importPreviewSchema.parse(res.json());
}

describe('POST /api/workouts/import/preview', () => {
  it('says what a Strong file would add and which exercise each name lands on, storing nothing; after the import, that nothing is left to add', async () => {
    const { token } = await t().signup('preview_ana');
    expect(await preview(token, strong)).toEqual(strongPreview);
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
