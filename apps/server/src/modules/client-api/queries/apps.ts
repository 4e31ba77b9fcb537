import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

export interface OauthApp {
  id: Key;
  clientId: string;
  secretSha256: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
}

export async function insertApp(db: Db, app: Omit<OauthApp, 'id'>): Promise<Key> {
  const row = await db.kysely
    .insertInto('oauth_apps')
    .values({
      client_id: app.clientId,
      secret_sha256: app.secretSha256,
      name: app.name,
      website: app.website,
      redirect_uris: app.redirectUris.join('\n'),
      scopes: app.scopes.join(' '),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const columns = ['id', 'client_id', 'secret_sha256', 'name', 'website', 'redirect_uris', 'scopes'] as const;

type AppRow = { id: Key; client_id: string; secret_sha256: string; name: string; website: string | null } & {
  redirect_uris: string;
  scopes: string;
};

const toApp = (row: AppRow): OauthApp => ({
  id: row.id,
  clientId: row.client_id,
  secretSha256: row.secret_sha256,
  name: row.name,
  website: row.website,
  redirectUris: row.redirect_uris.split('\n'),
  scopes: row.scopes.split(' '),
});

export async function findAppByClientId(db: Db, clientId: string): Promise<OauthApp | undefined> {
  const row = await db.kysely
    .selectFrom('oauth_apps')
    .select(columns)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && toApp(row);
}

export async function findAppById(db: Db, id: Key): Promise<OauthApp | undefined> {
  const row = await db.kysely.selectFrom('oauth_apps').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toApp(row);
}
