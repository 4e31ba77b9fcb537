import type { Handler } from '../../../http/add-route';
import { accountSettingsOf, saveAccountSettings } from '../queries/account-settings';

export const accountSettings: Handler<'accountSettings'> = async ({ user }, ctx) => ({
  settings: await accountSettingsOf(ctx.db, user.id),
});

/** Fields left out keep their value. */
export const editAccountSettings: Handler<'editAccountSettings'> = async ({ body, user }, ctx) => {
  const settings = { ...(await accountSettingsOf(ctx.db, user.id)) };
  if (body.settings.defaultVisibility !== undefined) settings.defaultVisibility = body.settings.defaultVisibility;
  if (body.settings.lockedAccount !== undefined) settings.lockedAccount = body.settings.lockedAccount;
  await saveAccountSettings(ctx.db, user.id, settings);
  return { settings };
};
