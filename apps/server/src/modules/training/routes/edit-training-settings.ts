import { trainingErrors } from '@spotter/contract';
import { badRequest } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { refreshPostSummaries } from '../queries/post-workouts';
import { saveTrainingSettings, trainingSettingsOf } from '../queries/training-stats';
import { isTimeZone } from '../streak';

export const editTrainingSettings: Handler<'editTrainingSettings'> = async ({ body, user }, ctx) => {
  const changes = body.settings;
  if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone)) {
    throw badRequest(`settings.timeZone: ${trainingErrors.unknownTimeZone}`);
  }
  const before = await trainingSettingsOf(ctx.db, user.id);
  const settings = { ...before };
  if (changes.units !== undefined) settings.units = changes.units;
  if (changes.timeZone !== undefined) settings.timeZone = changes.timeZone;
  if (changes.showRecords !== undefined) settings.showRecords = changes.showRecords;
  await saveTrainingSettings(ctx.db, user.id, settings);
  // The cards of their workout posts show best sets and record badges only while records are shown
  // (issue 45, finding 4): rewritten with the setting (their row versions renew the cached cards).
  if (settings.showRecords !== before.showRecords) await refreshPostSummaries(ctx.db, user.id);
  return { settings };
};
