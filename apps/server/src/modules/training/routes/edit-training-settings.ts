import { trainingErrors } from '@spotter/contract';
import { badRequest } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { saveTrainingSettings, trainingSettingsOf } from '../queries/training-stats';
import { isTimeZone } from '../streak';

export const editTrainingSettings: Handler<'editTrainingSettings'> = async ({ body, user }, ctx) => {
  const changes = body.settings;
  if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone)) {
    throw badRequest(`settings.timeZone: ${trainingErrors.unknownTimeZone}`);
  }
  const settings = { ...(await trainingSettingsOf(ctx.db, user.id)) };
  if (changes.units !== undefined) settings.units = changes.units;
  if (changes.timeZone !== undefined) settings.timeZone = changes.timeZone;
  if (changes.showRecords !== undefined) settings.showRecords = changes.showRecords;
  await saveTrainingSettings(ctx.db, user.id, settings);
  return { settings };
};
